import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { ApprovalActions } from '@/components/agent/approval-context';
import { ApprovalPrompt } from '@/components/agent/approval-prompt';
import { approvalActions, renderInApp } from './fixtures';

const APPROVAL_ID = 'approval-write-1';
const INPUT = { path: 'notes.md', content: 'hello' };

function renderPrompt(actions: ApprovalActions, requestReason?: string) {
  return renderInApp(
    <ApprovalPrompt approvalId={APPROVAL_ID} toolName="write_file" toolTitle="Write file" input={INPUT} requestReason={requestReason} actions={actions} />,
  );
}

function button(name: string) {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

describe('approve', () => {
  test('shows why it asks and approves once with the approval id', async () => {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions, 'write_file changes files in the workspace.');

    expect(screen.getByText('write_file changes files in the workspace.')).toBeTruthy();
    await user.click(button('Approve'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: false });
  });

  test('falls back to a plain request sentence without a reason', () => {
    renderPrompt(approvalActions({ pendingIds: [APPROVAL_ID] }));
    expect(screen.getByText('This call waits for your approval.')).toBeTruthy();
  });

  test('"Always allow" approves and grants the tool for the session', async () => {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions);

    const always = button('Always allow Write file in this session');
    expect(always.title).toBe('Approve, and run write_file without asking for the rest of this session');
    await user.click(always);

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: true });
  });

  test('"Approve all" appears only when several calls wait, and approves them all', async () => {
    const user = userEvent.setup();
    const single = approvalActions({ pendingIds: [APPROVAL_ID] });
    const { unmount } = renderPrompt(single);
    expect(screen.queryByRole('button', { name: /Approve all/ })).toBeNull();
    unmount();

    const several = approvalActions({ pendingIds: [APPROVAL_ID, 'approval-2', 'approval-3'] });
    renderPrompt(several);
    await user.click(button('Approve all 3'));

    expect(several.approveAll).toHaveBeenCalledOnce();
    expect(several.answer).not.toHaveBeenCalled();
  });
});

describe('deny', () => {
  test('Deny without a reason sends no reason', async () => {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions);

    await user.click(button('Deny'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: false, reason: undefined });
  });

  test('the typed reason goes with the denial, trimmed', async () => {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions);

    const reason = screen.getByRole('textbox', { name: 'Reason for denying' });
    await user.type(reason, '  write to drafts/ instead  ');
    await user.click(button('Deny'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: false, reason: 'write to drafts/ instead' });
  });

  test('Enter in the reason field denies', async () => {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions);

    await user.type(screen.getByRole('textbox', { name: 'Reason for denying' }), 'not now{Enter}');

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: false, reason: 'not now' });
  });
});

describe('edit arguments', () => {
  async function startEditing() {
    const user = userEvent.setup();
    const actions = approvalActions({ pendingIds: [APPROVAL_ID] });
    renderPrompt(actions);
    await user.click(button('Edit arguments'));
    const args = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Arguments (JSON)' });
    return { user, actions, args };
  }

  test('opens the arguments as pretty JSON and hides the Edit button', async () => {
    const { args } = await startEditing();

    expect(JSON.parse(args.value)).toEqual(INPUT);
    expect(args.value).toBe(JSON.stringify(INPUT, null, 2));
    expect(screen.queryByRole('button', { name: 'Edit arguments' })).toBeNull();
    expect(button('Approve with these arguments')).toBeTruthy();
  });

  test('approves with the edited arguments', async () => {
    const { user, actions, args } = await startEditing();

    await user.clear(args);
    // user-event reads `{` as a key descriptor; `{{` types a literal brace.
    await user.type(args, '{{"path": "drafts/notes.md", "content": "hi"}');
    await user.click(button('Approve with these arguments'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, {
      approved: true,
      alwaysAllow: false,
      editedInput: { path: 'drafts/notes.md', content: 'hi' },
    });
  });

  test('opening the editor and changing only the layout is a plain approval', async () => {
    const { user, actions, args } = await startEditing();

    await user.clear(args);
    // The same object, keys in another order and on one line.
    const reordered = Object.fromEntries(Object.entries(INPUT).reverse());
    await user.type(args, JSON.stringify(reordered).replaceAll('{', '{{'));
    await user.click(button('Approve with these arguments'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: false });
  });

  test('"Always allow" with edited arguments sends both', async () => {
    const { user, actions, args } = await startEditing();

    await user.clear(args);
    await user.click(args);
    await user.paste('{"path": "b.md", "content": ""}');
    await user.click(button('Always allow Write file in this session'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: true, editedInput: { path: 'b.md', content: '' } });
  });

  test('invalid JSON is flagged and cannot be approved', async () => {
    const { user, actions, args } = await startEditing();

    await user.type(args, ',');

    expect(args.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('edit-args-error').textContent).toMatch(/^Not valid JSON: /);
    expect(button('Approve with these arguments').disabled).toBe(true);
    expect(button('Always allow Write file in this session').disabled).toBe(true);
    await user.click(button('Approve with these arguments'));
    expect(actions.answer).not.toHaveBeenCalled();

    // Fixing the text clears the error.
    await user.type(args, '{Backspace}');
    expect(args.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('edit-args-error')).toBeNull();
    expect(button('Approve with these arguments').disabled).toBe(false);
  });

  test('arguments that are JSON but not an object are refused', async () => {
    const { user, actions, args } = await startEditing();

    await user.clear(args);
    // `[[` types a literal bracket (user-event reads `[` as a key code).
    await user.type(args, '[[1, 2]');

    expect(screen.getByTestId('edit-args-error').textContent).toBe('The arguments must be a JSON object.');
    await user.click(button('Approve with these arguments'));
    expect(actions.answer).not.toHaveBeenCalled();
  });

  test('denying while editing sends no edited arguments', async () => {
    const { user, actions, args } = await startEditing();

    await user.type(args, ',');
    await user.click(button('Deny'));

    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: false, reason: undefined });
  });
});

test('while answers cannot be given (a request is in flight), every control is disabled', async () => {
  const user = userEvent.setup();
  const actions = approvalActions({ canAnswer: false, pendingIds: [APPROVAL_ID, 'approval-2'] });
  renderPrompt(actions);

  for (const name of ['Approve', 'Always allow Write file in this session', 'Edit arguments', 'Approve all 2', 'Deny']) {
    expect(button(name).disabled, name).toBe(true);
  }
  await user.type(screen.getByRole('textbox', { name: 'Reason for denying' }), 'no{Enter}');
  expect(actions.answer).not.toHaveBeenCalled();
  expect(actions.approveAll).not.toHaveBeenCalled();
});

describe('edited arguments checked against the schema', () => {
  test('a value the server refuses shows what is wrong, keeps the text and sends nothing; once it fits, it is sent', async () => {
    const user = userEvent.setup();
    const checkEditedInput = vi.fn<NonNullable<ApprovalActions['checkEditedInput']>>(async (_id, value) =>
      typeof (value as { content?: unknown }).content === 'string' ? null : 'Invalid arguments for write_file: /content must be string',
    );
    const actions = approvalActions({ pendingIds: [APPROVAL_ID], checkEditedInput });
    renderPrompt(actions);
    await user.click(button('Edit arguments'));
    const args = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Arguments (JSON)' });
    await user.clear(args);
    await user.type(args, '{{"path": "a.md", "content": 42}');
    await user.click(button('Approve with these arguments'));

    expect(checkEditedInput).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { path: 'a.md', content: 42 });
    expect((await screen.findByTestId('edit-args-error')).textContent).toBe('Invalid arguments for write_file: /content must be string');
    expect(args.value).toBe('{"path": "a.md", "content": 42}');
    expect(args.getAttribute('aria-invalid')).toBe('true');
    expect(actions.answer).not.toHaveBeenCalled();

    // Editing clears the message; a value that fits is checked and sent.
    await user.clear(args);
    await user.type(args, '{{"path": "a.md", "content": "42"}');
    expect(screen.queryByTestId('edit-args-error')).toBeNull();
    await user.click(button('Approve with these arguments'));
    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: false, editedInput: { path: 'a.md', content: '42' } });
  });

  test('arguments left as they were are not checked: a plain approval', async () => {
    const user = userEvent.setup();
    const checkEditedInput = vi.fn<NonNullable<ApprovalActions['checkEditedInput']>>(async () => null);
    const actions = approvalActions({ pendingIds: [APPROVAL_ID], checkEditedInput });
    renderPrompt(actions);
    await user.click(button('Edit arguments'));
    await user.click(button('Approve with these arguments'));
    expect(checkEditedInput).not.toHaveBeenCalled();
    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(APPROVAL_ID, { approved: true, alwaysAllow: false });
  });
});
