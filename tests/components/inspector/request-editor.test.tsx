import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequestEditor } from '@/components/inspector/request-editor';
import type { EditableRequest } from '@/lib/agent/editable-request';

const REQUEST: EditableRequest = {
  instructions: 'Be brief.',
  messages: [
    { role: 'user', content: 'What is 6*7?' },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'calculator', input: { expression: '6*7' } }] },
  ],
  tools: [
    { name: 'calculator', enabled: true },
    { name: 'bash', enabled: true },
  ],
  settings: {},
};

/** The editor as a caller holds it: the latest request and problem, as onChange reported them. */
function Harness({ readOnly }: { readOnly?: boolean }) {
  const [state, setState] = useState<{ request: EditableRequest; problem: string | null }>({ request: REQUEST, problem: null });
  return (
    <>
      <RequestEditor request={state.request} readOnly={readOnly} onChange={(request, problem) => setState({ request, problem })} />
      <output data-testid="problem">{state.problem ?? 'none'}</output>
      <output data-testid="state">{JSON.stringify(state.request)}</output>
    </>
  );
}

const problem = () => screen.getByTestId('problem').textContent ?? '';
const current = (): EditableRequest => JSON.parse(screen.getByTestId('state').textContent!);

describe('RequestEditor', () => {
  it('edits text, JSON parts (reporting invalid JSON until it is fixed), tools and parameters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const [question, call] = screen.getAllByTestId('request-editor-message');

    fireEvent.change(within(question).getByTestId('request-editor-message-input'), { target: { value: 'What is 7*8?' } });
    expect(current().messages[0]).toEqual({ role: 'user', content: 'What is 7*8?' });

    const json = within(call).getByTestId('request-editor-message-input');
    fireEvent.change(json, { target: { value: '[{"type": "tool-call",' } });
    expect(problem()).toMatch(/^Message 2: invalid JSON/);
    expect(within(call).getByTestId('request-editor-message-problem').textContent).toMatch(/invalid JSON/);
    expect(json.getAttribute('aria-invalid')).toBe('true');
    // The request keeps the last valid content meanwhile.
    expect(current().messages[1]).toEqual(REQUEST.messages[1]);

    fireEvent.change(json, { target: { value: '{"not": "parts"}' } });
    expect(problem()).toContain('Message 2: expected an array of parts or a string');

    const fixed = [{ type: 'tool-call', toolCallId: 'c1', toolName: 'calculator', input: { expression: '7*8' } }];
    fireEvent.change(json, { target: { value: JSON.stringify(fixed) } });
    expect(problem()).toContain('none');
    expect(current().messages[1]).toEqual({ role: 'assistant', content: fixed });

    await user.click(screen.getAllByTestId('request-editor-tool')[1]);
    expect(current().tools).toEqual([
      { name: 'calculator', enabled: true },
      { name: 'bash', enabled: false },
    ]);

    fireEvent.change(screen.getByTestId('request-editor-setting-temperature'), { target: { value: '0.4' } });
    fireEvent.change(screen.getByTestId('request-editor-setting-maxOutputTokens'), { target: { value: '200' } });
    expect(current().settings).toEqual({ temperature: 0.4, maxOutputTokens: 200 });
    fireEvent.change(screen.getByTestId('request-editor-setting-temperature'), { target: { value: '' } });
    expect(current().settings).toEqual({ maxOutputTokens: 200 });

    fireEvent.change(screen.getByTestId('request-editor-instructions'), { target: { value: 'Be thorough.' } });
    expect(current().instructions).toBe('Be thorough.');
  });

  it('removes and adds messages, and a removed invalid message no longer blocks', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    fireEvent.change(screen.getAllByTestId('request-editor-message-input')[1], { target: { value: 'nope' } });
    expect(problem()).toContain('Message 2');
    await user.click(screen.getAllByTestId('request-editor-message-remove')[1]);
    expect(problem()).toContain('none');
    expect(current().messages).toHaveLength(1);
    await user.click(screen.getByTestId('request-editor-add-message'));
    expect(current().messages).toEqual([REQUEST.messages[0], { role: 'user', content: '' }]);
  });

  it('read-only: shows the request without edit controls', () => {
    render(<Harness readOnly />);
    expect(screen.queryByTestId('request-editor-message-remove')).toBeNull();
    expect(screen.queryByTestId('request-editor-add-message')).toBeNull();
    expect(screen.getByTestId('request-editor-instructions').hasAttribute('readonly')).toBe(true);
    for (const toggle of screen.getAllByTestId('request-editor-tool')) expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });
});
