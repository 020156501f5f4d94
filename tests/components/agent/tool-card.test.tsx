import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ApprovalActionsProvider, ToolDecisionsProvider, ToolEditsProvider } from '@/components/agent/approval-context';
import { ToolCard } from '@/components/agent/tool-card';
import type { ToolPart } from '@/components/agent/tool-part';
import type { ToolDecisionNotice, ToolEditNotice } from '@/lib/agent/messages';
import {
  approvalActions,
  bashError,
  calculatorDone,
  calculatorRunning,
  calculatorStreaming,
  renderInApp,
  uniqueId,
  writeFileAwaiting,
  writeFileDenied,
} from './fixtures';

function card() {
  return screen.getByTestId('tool-card');
}

function stateBadge() {
  return within(card()).getByTestId('tool-state');
}

/** The header button that opens the input and output. */
function toggle(title: string, open = false) {
  // The name goes on with what the header shows (summary, time, state).
  return screen.getByRole('button', { name: new RegExp(`^${open ? 'Hide' : 'Show'} details of ${title}\\b`) });
}

describe('running', () => {
  test('input streaming: "Preparing", open on the partial raw arguments while they arrive', async () => {
    const user = userEvent.setup();
    const part = calculatorStreaming();
    renderInApp(<ToolCard part={part} messageStreaming />);

    expect(card()).toHaveProperty('dataset.state', 'input-streaming');
    expect(stateBadge().textContent).toBe('Preparing');
    expect(screen.getByTestId('tool-title').textContent).toBe('Calculator');
    expect(toggle('Calculator', true).getAttribute('aria-expanded')).toBe('true');
    const input = screen.getByTestId('tool-input');
    expect(input.textContent).toContain('Input (raw text, not valid JSON)');
    expect(input.textContent).toContain('{"expression":"17 *');
    expect(screen.getByTestId('tool-output').textContent).toBe('No output yet.');

    await user.click(toggle('Calculator', true));
    expect(toggle('Calculator').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('tool-input')).toBeNull();
  });

  test('a live card folds to its one line when the call is done, and a click opens it again', async () => {
    const user = userEvent.setup();
    const id = uniqueId('call');
    const { rerender } = renderInApp(<ToolCard part={calculatorRunning(id)} messageStreaming />);
    expect(toggle('Calculator', true).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('tool-output').textContent).toBe('No output yet.');

    rerender(<ToolCard part={calculatorDone(id)} messageStreaming />);
    expect(stateBadge().textContent).toBe('Done');
    expect(toggle('Calculator').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('tool-output')).toBeNull();
    // The header still says what it did and how long it took.
    expect(screen.getByTestId('calculator-summary').textContent).toBe('17 * 23 = 391');
    expect(screen.getByTestId('elapsed-time').textContent).toMatch(/^\d+(\.\d)? (ms|s)$/);

    await user.click(toggle('Calculator'));
    // The output views are a chunk of their own, drawn once loaded.
    expect((await within(screen.getByTestId('tool-output')).findByTestId('calculator-result')).textContent).toBe('17 * 23 = 391');
  });

  test('a live card someone closed stays closed when the call ends', async () => {
    const user = userEvent.setup();
    const id = uniqueId('call');
    const { rerender } = renderInApp(<ToolCard part={calculatorRunning(id)} messageStreaming />);
    await user.click(toggle('Calculator', true));
    rerender(<ToolCard part={calculatorRunning(id)} messageStreaming />);
    expect(screen.queryByTestId('tool-input')).toBeNull();
    rerender(<ToolCard part={calculatorDone(id)} messageStreaming />);
    expect(toggle('Calculator').getAttribute('aria-expanded')).toBe('false');
  });

  test('input available: "Running" with a live timer and the arguments in the header', () => {
    renderInApp(<ToolCard part={calculatorRunning()} messageStreaming />);

    expect(card()).toHaveProperty('dataset.state', 'input-available');
    expect(stateBadge().textContent).toBe('Running');
    expect(screen.getByTestId('calculator-summary').textContent).toBe('17 * 23');
    expect(screen.getByTestId('elapsed-time').textContent).toMatch(/^\d+\.\d s$/);
  });

  test('a call still open when the message stopped streaming shows "Not finished", no timer', () => {
    renderInApp(<ToolCard part={calculatorRunning()} messageStreaming={false} />);

    expect(stateBadge().textContent).toBe('Not finished');
    expect(screen.queryByTestId('elapsed-time')).toBeNull();
  });
});

describe('done', () => {
  test('output available: "Done", the result in the header, input and output behind the toggle', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={calculatorDone()} messageStreaming={false} />);

    expect(card()).toHaveProperty('dataset.state', 'output-available');
    expect(stateBadge().textContent).toBe('Done');
    expect(screen.getByTestId('calculator-summary').textContent).toBe('17 * 23 = 391');
    // Collapsed: neither input nor output is in the page.
    expect(screen.queryByTestId('tool-output')).toBeNull();

    await user.click(toggle('Calculator'));
    expect(screen.getByTestId('tool-input').textContent).toContain('"expression": "17 * 23"');
    const output = screen.getByTestId('tool-output');
    expect((await within(output).findByTestId('calculator-result')).textContent).toBe('17 * 23 = 391');
    expect(output.textContent).toContain('Raw output');
    expect(output.textContent).toContain('"result": 391');
    expect(screen.getByRole('button', { name: 'Copy output' })).toBeTruthy();

    await user.click(toggle('Calculator', true));
    expect(screen.queryByTestId('tool-output')).toBeNull();
  });

  test('a bash call that exited non-zero shows the exit code in the header and the terminal output', async () => {
    const user = userEvent.setup();
    const part: ToolPart = {
      type: 'tool-bash',
      toolCallId: uniqueId('call'),
      state: 'output-available',
      input: { command: 'ls nowhere' },
      output: { stdout: '', stderr: 'ls: nowhere: No such file or directory', exitCode: 2 },
    };
    renderInApp(<ToolCard part={part} messageStreaming={false} />);

    expect(stateBadge().textContent).toBe('Done');
    expect(screen.getByText('$ ls nowhere')).toBeTruthy();
    expect(screen.getByTestId('bash-exit-code').textContent).toBe('exit 2');

    await user.click(toggle('Bash'));
    const terminal = await screen.findByTestId('bash-terminal');
    expect(within(terminal).getByTestId('bash-command').textContent).toContain('$ ls nowhere');
    expect(within(terminal).getByTestId('bash-stderr').textContent).toBe('ls: nowhere: No such file or directory');
  });

  test('an MCP tool gets the generic card: its exact name (no title sent), its server as a badge, and its full name in the details', async () => {
    const user = userEvent.setup();
    const part: ToolPart = {
      type: 'dynamic-tool',
      toolName: 'github__list_issues',
      toolCallId: uniqueId('call'),
      state: 'output-available',
      input: { repo: 'acme/app', state: 'open' },
      output: { issues: [{ number: 7, title: 'Crash on start' }] },
    };
    renderInApp(<ToolCard part={part} messageStreaming={false} />);

    expect(card()).toHaveProperty('dataset.toolName', 'github__list_issues');
    expect(screen.getByTestId('tool-title').textContent).toBe('list_issues');
    expect(screen.getByTestId('tool-badge').textContent).toBe('MCP · github');
    expect(screen.getByText('repo: "acme/app", state: "open"')).toBeTruthy();

    await user.click(toggle('list_issues'));
    expect(screen.getByTestId('tool-name').textContent).toBe('Tool github__list_issues · list_issues on MCP server github');
    const output = screen.getByTestId('tool-output');
    expect(output.textContent).toContain('Output');
    expect(output.textContent).not.toContain('Raw output');
    expect(output.textContent).toContain('"title": "Crash on start"');
  });
});

describe('error', () => {
  test('output error: "Error" and the reason visible without opening, the full error inside', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={bashError()} messageStreaming={false} />);

    expect(card()).toHaveProperty('dataset.state', 'output-error');
    expect(stateBadge().textContent).toBe('Error');
    expect(screen.getByTestId('tool-error').textContent).toBe('Tool timed out after 30000 ms');

    await user.click(toggle('Bash'));
    // Opened: the one-line reason gives way to the error block.
    expect(screen.queryByTestId('tool-error')).toBeNull();
    const output = screen.getByTestId('tool-output');
    expect(output.textContent).toContain('Error');
    expect(output.textContent).toContain('Tool timed out after 30000 ms');
    expect(screen.getByRole('button', { name: 'Copy error' })).toBeTruthy();
  });

  test('arguments that could not be parsed are shown as the raw text the model wrote', async () => {
    const user = userEvent.setup();
    const part: ToolPart = {
      type: 'tool-calculator',
      toolCallId: uniqueId('call'),
      state: 'output-error',
      input: undefined,
      rawInput: '{"expression": 17 *',
      errorText: 'Invalid input for tool calculator: JSON parsing failed',
    };
    renderInApp(<ToolCard part={part} messageStreaming={false} />);

    await user.click(toggle('Calculator'));
    const input = screen.getByTestId('tool-input');
    expect(input.textContent).toContain('Input (raw text, not valid JSON)');
    expect(input.textContent).toContain('{"expression": 17 *');
  });
});

describe('denied', () => {
  test('output denied: "Denied", and the reason the user gave inside', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={writeFileDenied(undefined, 'not in this folder')} messageStreaming={false} />);

    expect(card()).toHaveProperty('dataset.state', 'output-denied');
    expect(stateBadge().textContent).toBe('Denied');
    expect(screen.getByTestId('tool-title').textContent).toBe('Write file');

    await user.click(toggle('Write file'));
    expect(screen.getByTestId('tool-output').textContent).toBe('Not run: the call was denied (not in this folder)');
  });

  test('a denial without a reason ends the sentence plainly', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={writeFileDenied()} messageStreaming={false} />);

    await user.click(toggle('Write file'));
    expect(screen.getByTestId('tool-output').textContent).toBe('Not run: the call was denied.');
  });

  test('the decision line says why the call did not run', () => {
    const part = writeFileDenied();
    const decisions = new Map<string, ToolDecisionNotice>([[part.toolCallId, { toolCallId: part.toolCallId, outcome: 'denied', reason: 'plan mode is read-only' }]]);
    renderInApp(
      <ToolDecisionsProvider value={decisions}>
        <ToolCard part={part} messageStreaming={false} />
      </ToolDecisionsProvider>,
    );

    const decision = screen.getByTestId('tool-decision');
    expect(decision.dataset.outcome).toBe('denied');
    expect(decision.textContent).toBe('Not run: plan mode is read-only');
  });
});

describe('awaiting approval', () => {
  test('a pending request shows the approval prompt with the reason it asks', async () => {
    const part = writeFileAwaiting(undefined, 'write_file changes the workspace.');
    const actions = approvalActions({ pendingIds: [part.approval.id] });
    renderInApp(
      <ApprovalActionsProvider value={actions}>
        <ToolCard part={part} messageStreaming={false} />
      </ApprovalActionsProvider>,
    );

    expect(card()).toHaveProperty('dataset.state', 'approval-requested');
    expect(stateBadge().textContent).toBe('Needs approval');
    const prompt = await screen.findByTestId('approval-prompt');
    expect(within(prompt).getByText('write_file changes the workspace.')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Always allow Write file in this session' })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Deny' })).toBeTruthy();
  });

  test('approving from the card answers with the approval id', async () => {
    const user = userEvent.setup();
    const part = writeFileAwaiting();
    const actions = approvalActions({ pendingIds: [part.approval.id] });
    renderInApp(
      <ApprovalActionsProvider value={actions}>
        <ToolCard part={part} messageStreaming={false} />
      </ApprovalActionsProvider>,
    );

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(actions.answer).toHaveBeenCalledExactlyOnceWith(part.approval.id, { approved: true, alwaysAllow: false });
  });

  test('a request the conversation moved past cannot be answered any more', () => {
    const part = writeFileAwaiting();
    renderInApp(
      <ApprovalActionsProvider value={approvalActions({ pendingIds: ['another-approval'] })}>
        <ToolCard part={part} messageStreaming={false} />
      </ApprovalActionsProvider>,
    );

    expect(screen.queryByTestId('approval-prompt')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('Not answered before the conversation moved on; the call did not run.')).toBeTruthy();
  });

  test('a read-only transcript (no approval actions) shows the request without buttons', () => {
    renderInApp(<ToolCard part={writeFileAwaiting(undefined, 'Writes need your approval in ask mode.')} messageStreaming={false} />);

    expect(stateBadge().textContent).toBe('Needs approval');
    expect(screen.getByText('Writes need your approval in ask mode.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('edited arguments', () => {
  test('the card shows the arguments that ran and opens the ones the model asked for', async () => {
    const user = userEvent.setup();
    const toolCallId = uniqueId('call');
    // A live stream's part still carries the model's arguments; the edit record has the ones that ran.
    const part: ToolPart = {
      type: 'tool-write_file',
      toolCallId,
      state: 'output-available',
      input: { path: 'notes.md', content: 'model text' },
      output: { path: 'notes.md', created: true, linesAdded: 1, linesRemoved: 0, patchTruncated: false },
    };
    const edits = new Map<string, ToolEditNotice>([
      [toolCallId, { toolCallId, input: { path: 'notes.md', content: 'my text' }, originalInput: { path: 'notes.md', content: 'model text' } }],
    ]);
    renderInApp(
      <ToolEditsProvider value={edits}>
        <ToolCard part={part} messageStreaming={false} />
      </ToolEditsProvider>,
    );

    expect(card().dataset.edited).toBe('true');
    const note = await screen.findByTestId('tool-edited');
    expect(note.textContent).toContain('Arguments edited by you before approval');

    await user.click(toggle('Write file'));
    expect(screen.getByTestId('tool-input').textContent).toContain('"content": "my text"');

    const showOriginal = within(note).getByRole('button', { name: 'Show original' });
    expect(showOriginal.getAttribute('aria-expanded')).toBe('false');
    await user.click(showOriginal);
    expect(within(note).getByRole('button', { name: 'Hide original' }).getAttribute('aria-expanded')).toBe('true');
    const original = screen.getByTestId('tool-original-input');
    expect(original.textContent).toContain('Original arguments (from the model, not run)');
    expect(original.textContent).toContain('"content": "model text"');
  });
});

describe('file changes', () => {
  const writeDone = (output: Record<string, unknown>): ToolPart => ({
    type: 'tool-write_file',
    toolCallId: uniqueId('call'),
    state: 'output-available',
    input: { path: 'app.js', content: '…' },
    output: { path: '/workspace/app.js', created: false, ...output },
  });

  test('a diff: its counts on the header, its lines inside', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={writeDone({ linesAdded: 1, linesRemoved: 1, patchTruncated: false, patch: '@@ -1,1 +1,1 @@\n-a\n+b' })} messageStreaming={false} />);
    expect(within(toggle('Write file')).getByTestId('diff-counts').textContent).toBe('+1 −1');
    await user.click(toggle('Write file'));
    expect((await within(card()).findByTestId('diff-view')).querySelectorAll('tr[data-kind="add"]')).toHaveLength(1);
    expect(within(card()).queryByTestId('diff-note')).toBeNull();
  });

  test('no diff made (too many lines changed): no counts claimed, and it says why', async () => {
    const user = userEvent.setup();
    renderInApp(<ToolCard part={writeDone({ patch: '', patchTruncated: true })} messageStreaming={false} />);
    expect(within(card()).queryByTestId('diff-counts')).toBeNull();
    await user.click(toggle('Write file'));
    expect((await within(card()).findByTestId('diff-note')).textContent).toBe('Too many lines changed to show a diff.');
    expect(within(card()).queryByTestId('diff-view')).toBeNull();
  });
});
