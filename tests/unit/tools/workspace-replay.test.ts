import { describe, expect, it } from 'vitest';
import { callsBeforeStep, replayWorkspaceCalls } from '@/lib/tools/workspace/replay';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (files: Array<{ path: string; content: Uint8Array }>) => Object.fromEntries(files.map((file) => [file.path, new TextDecoder().decode(file.content)]));

describe('callsBeforeStep', () => {
  const parts = [
    { type: 'step-start' },
    { type: 'tool-write_file', toolCallId: 'a', input: { path: 'a.txt', content: 'one' } },
    { type: 'tool-read_file', toolCallId: 'r', input: { path: 'a.txt' } },
    { type: 'step-start' },
    { type: 'tool-edit_file', toolCallId: 'b', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } },
    { type: 'tool-bash', toolCallId: 'c', input: { command: 'asked for' } },
    { type: 'tool-write_file', toolCallId: 'x', input: { path: 'x.txt', content: 'failed' } },
    { type: 'step-start' },
    { type: 'tool-bash', toolCallId: 'd', input: { command: 'later' } },
  ];
  const steps = [
    { stepNumber: 0, tools: [{ toolCallId: 'a', toolName: 'write_file', status: 'ok' }, { toolCallId: 'r', toolName: 'read_file', status: 'ok' }] },
    {
      stepNumber: 1,
      tools: [
        { toolCallId: 'b', toolName: 'edit_file', status: 'ok' },
        { toolCallId: 'c', toolName: 'bash', status: 'ok', rewrittenInput: { command: 'ran' } },
        { toolCallId: 'x', toolName: 'write_file', status: 'error' },
      ],
    },
    { stepNumber: 2, tools: [{ toolCallId: 'd', toolName: 'bash', status: 'ok' }] },
  ];

  it('keeps the file-changing calls that succeeded before the step, in message order, with the arguments that ran', () => {
    expect(callsBeforeStep(steps, 2, parts)).toEqual([
      { toolCallId: 'a', toolName: 'write_file', input: { path: 'a.txt', content: 'one' } },
      { toolCallId: 'b', toolName: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' } },
      { toolCallId: 'c', toolName: 'bash', input: { command: 'ran' } },
    ]);
    expect(callsBeforeStep(steps, 1, parts).map((call) => call.toolCallId)).toEqual(['a']);
    expect(callsBeforeStep(steps, 0, parts)).toEqual([]);
  });
});

describe('replayWorkspaceCalls', () => {
  it('does the calls again through the real tools on the files before the run, and leaves its input alone', async () => {
    const before = [{ path: '/workspace/keep.txt', content: bytes('kept') }, { path: '/workspace/gone.txt', content: bytes('bye') }];
    const after = await replayWorkspaceCalls(before, [
      { toolCallId: '1', toolName: 'write_file', input: { path: 'notes.txt', content: 'alpha\nbeta\n' } },
      { toolCallId: '2', toolName: 'edit_file', input: { path: 'notes.txt', old_string: 'beta', new_string: 'gamma' } },
      { toolCallId: '3', toolName: 'bash', input: { command: 'rm gone.txt && mkdir -p d && cat notes.txt | wc -l > d/count.txt' } },
      // Fails now as it would have then: skipped.
      { toolCallId: '4', toolName: 'edit_file', input: { path: 'missing.txt', old_string: 'a', new_string: 'b' } },
      { toolCallId: '5', toolName: 'mcp__other', input: {} },
    ]);
    expect(text(after)).toEqual({ '/workspace/d/count.txt': '2\n', '/workspace/keep.txt': 'kept', '/workspace/notes.txt': 'alpha\ngamma\n' });
    expect(text(before)).toEqual({ '/workspace/keep.txt': 'kept', '/workspace/gone.txt': 'bye' });
  });

  it('answers the files as they were when there is nothing to do', async () => {
    expect(await replayWorkspaceCalls([], [])).toEqual([]);
    expect(text(await replayWorkspaceCalls([{ path: '/workspace/a', content: bytes('x') }], []))).toEqual({ '/workspace/a': 'x' });
  });
});
