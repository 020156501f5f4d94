import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentHooks, BeforeToolCallContext } from '@/lib/agent';
import type { AgentTool } from '@/lib/agent/types';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { withEditedInputs } from '@/lib/agent/approvals';
import { call, echoTool, promptOf, run, scriptedModel, textStep, toolStep, userMessage } from './harness';

/** A write-class tool that counts its executions. */
function writeTool(log: unknown[]): AgentTool {
  return {
    name: 'write_note',
    description: 'Writes a note',
    inputSchema: z.object({ text: z.string() }),
    readOnly: false,
    permission: 'write',
    execute: async (input: { text: string }) => {
      log.push(input);
      return { written: input.text };
    },
  };
}

/** A permission hook: read tools run, write tools ask unless the user already answered. */
function askForWrites(seen: BeforeToolCallContext[] = []): Partial<AgentHooks> {
  return {
    beforeToolCall: [
      {
        name: 'permissions',
        failClosed: true,
        run: (ctx) => {
          seen.push(ctx);
          if (ctx.toolName !== 'write_note') return { action: 'allow', reason: 'mode ask: read tool' };
          if (ctx.userDecision?.approved) return { action: 'allow', reason: 'approved by you' };
          return { action: 'ask', approvalId: `apr-${ctx.toolCallId}`, signature: 'sig', reason: 'This tool changes the workspace.' };
        },
      },
    ],
  };
}

async function firstRun(log: unknown[]) {
  const model = scriptedModel([toolStep(call('c1', 'echo', { value: 'a' }), call('c2', 'write_note', { text: 'hello' }))]);
  return run({ model, tools: [echoTool(), writeTool(log)], hooks: askForWrites() });
}

describe('asking for approval', () => {
  it('does not run the call, sends an approval request, runs the other calls and ends awaiting approval', async () => {
    const log: unknown[] = [];
    const { chunks, result, message } = await firstRun(log);
    expect(log).toEqual([]);
    expect(chunks).toContainEqual({ type: 'tool-approval-request', approvalId: 'apr-c2', toolCallId: 'c2', signature: 'sig', reason: 'This tool changes the workspace.' });
    expect(chunks).toContainEqual({ type: 'tool-output-available', toolCallId: 'c1', output: { echoed: 'a' } });
    expect(chunks.some((c) => (c.type === 'tool-output-error' || c.type === 'tool-output-available') && c.toolCallId === 'c2')).toBe(false);
    expect(result.end.reason).toBe('awaiting-approval');
    expect(result.end.message).toBe('Waiting for your approval of a tool call.');
    expect(result.steps[0].tools.map((t) => t.status)).toEqual(['ok', 'awaiting-approval']);
    const part = message.parts.find((p) => 'toolCallId' in p && p.toolCallId === 'c2') as { state: string; approval: { id: string; signature: string } };
    expect(part.state).toBe('approval-requested');
    expect(part.approval).toMatchObject({ id: 'apr-c2', signature: 'sig' });
    // Why each call ran or waits is recorded in the message.
    const decisions = message.parts.filter((p) => p.type === 'data-tool-decision').map((p) => (p as { data: unknown }).data);
    expect(decisions).toEqual([
      { toolCallId: 'c1', outcome: 'allowed', reason: 'mode ask: read tool' },
      { toolCallId: 'c2', outcome: 'asked', reason: 'This tool changes the workspace.' },
    ]);
  });

  it('a fail-closed permission hook that throws denies the call instead of running it', async () => {
    const log: unknown[] = [];
    const model = scriptedModel([toolStep(call('c1', 'write_note', { text: 'x' })), textStep('ok')]);
    const { result } = await run({
      model,
      tools: [writeTool(log)],
      hooks: { beforeToolCall: [{ name: 'permissions', failClosed: true, run: () => { throw new Error('db down'); } }] },
    });
    expect(log).toEqual([]);
    expect(result.steps[0].tools[0]).toMatchObject({ status: 'denied', error: 'Tool call denied (permissions): the permission check failed' });
  });
});

describe('continuing after the answer', () => {
  it('runs an approved call once, with the answer visible to the hooks, then calls the model with its result', async () => {
    const log: unknown[] = [];
    const { message } = await firstRun(log);
    const seen: BeforeToolCallContext[] = [];
    const model = scriptedModel([textStep('done')]);
    const { chunks, result, message: continued } = await run({
      model,
      messages: [userMessage('hi'), message],
      tools: [echoTool(), writeTool(log)],
      hooks: askForWrites(seen),
      approvals: [{ approvalId: 'apr-c2', toolCallId: 'c2', approved: true }],
    });
    expect(log).toEqual([{ text: 'hello' }]);
    expect(seen.map((s) => s.userDecision)).toEqual([{ approved: true, editedInput: false }]);
    expect(chunks.slice(0, 6).map((c) => c.type)).toEqual(['start-step', 'tool-approval-response', 'data-tool-decision', 'tool-output-available', 'message-metadata', 'finish-step']);
    expect(result.end.reason).toBe('completed');
    expect(result.steps.map((s) => [s.stepNumber, s.kind])).toEqual([
      [0, 'approvals'],
      [1, 'model'],
    ]);
    const prompt = JSON.stringify(promptOf(model, 0));
    expect(prompt).toContain('"written":"hello"');
    expect(prompt).toContain('"echoed":"a"');
    const part = continued.parts.find((p) => 'toolCallId' in p && p.toolCallId === 'c2') as { state: string; output: unknown; approval: unknown };
    expect(part).toMatchObject({ state: 'output-available', output: { written: 'hello' }, approval: { id: 'apr-c2', approved: true } });
  });

  it('runs an approved call with the arguments the user edited, records the edit, and the model reads the edited call', async () => {
    const log: unknown[] = [];
    const { message } = await firstRun(log);
    const answers = [{ approvalId: 'apr-c2', toolCallId: 'c2', approved: true, editedInput: { text: 'edited' }, originalInput: { text: 'hello' } }];
    const model = scriptedModel([textStep('done')]);
    const { chunks, message: continued } = await run({
      model,
      messages: [userMessage('hi'), withEditedInputs(message, answers)],
      tools: [echoTool(), writeTool(log)],
      hooks: askForWrites(),
      approvals: answers,
    });
    expect(log).toEqual([{ text: 'edited' }]);
    expect(chunks).toContainEqual({ type: 'data-tool-edit', id: 'edit-c2', data: { toolCallId: 'c2', input: { text: 'edited' }, originalInput: { text: 'hello' } } });
    const part = continued.parts.find((p) => 'toolCallId' in p && p.toolCallId === 'c2');
    expect(part).toMatchObject({ state: 'output-available', input: { text: 'edited' }, output: { written: 'edited' } });
    const prompt = JSON.stringify(promptOf(model, 0));
    expect(prompt).toContain('"text":"edited"');
    expect(prompt).not.toContain('"text":"hello"');
  });

  it('withEditedInputs replaces only the approved, edited calls', () => {
    const pending = (toolCallId: string, text: string) =>
      ({ type: 'tool-write_note', toolCallId, state: 'approval-requested', input: { text }, approval: { id: `apr-${toolCallId}` } }) as const;
    const message: AgentUIMessage = { id: 'm', role: 'assistant', parts: [pending('a', 'one'), pending('b', 'two'), pending('c', 'three')] };
    const result = withEditedInputs(message, [
      { approvalId: 'apr-a', toolCallId: 'a', approved: true, editedInput: { text: 'ONE' } },
      { approvalId: 'apr-b', toolCallId: 'b', approved: true },
      { approvalId: 'apr-c', toolCallId: 'c', approved: false, editedInput: { text: 'THREE' } },
    ]);
    expect(result.parts.map((p) => (p as { input: unknown }).input)).toEqual([{ text: 'ONE' }, { text: 'two' }, { text: 'three' }]);
    expect(message.parts.map((p) => (p as { input: unknown }).input)).toEqual([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
  });

  it('gives a denied call a denied result carrying the reason, and the model reads it', async () => {
    const log: unknown[] = [];
    const { message } = await firstRun(log);
    const model = scriptedModel([textStep('understood')]);
    const { chunks, result, message: continued } = await run({
      model,
      messages: [userMessage('hi'), message],
      tools: [echoTool(), writeTool(log)],
      hooks: askForWrites(),
      approvals: [{ approvalId: 'apr-c2', toolCallId: 'c2', approved: false, reason: 'not in this folder' }],
    });
    const part = continued.parts.find((p) => 'toolCallId' in p && p.toolCallId === 'c2') as { state: string; approval: unknown };
    expect(part).toMatchObject({ state: 'output-denied', approval: { id: 'apr-c2', approved: false, reason: 'not in this folder' } });
    expect(log).toEqual([]);
    expect(chunks).toContainEqual({ type: 'tool-approval-response', approvalId: 'apr-c2', approved: false, reason: 'not in this folder' });
    expect(chunks).toContainEqual({ type: 'tool-output-denied', toolCallId: 'c2' });
    expect(chunks).toContainEqual({
      type: 'data-tool-decision',
      id: 'decision-c2',
      data: { toolCallId: 'c2', outcome: 'denied', reason: 'denied by you: not in this folder' },
    });
    expect(result.end.reason).toBe('completed');
    expect(JSON.stringify(promptOf(model, 0))).toContain('The user denied this tool call (reason: not in this folder).');
  });

  it('a hook can still refuse an approved call (e.g. the session switched to plan mode)', async () => {
    const log: unknown[] = [];
    const { message } = await firstRun(log);
    const { chunks } = await run({
      model: scriptedModel([textStep('ok')]),
      messages: [userMessage('hi'), message],
      tools: [echoTool(), writeTool(log)],
      hooks: { beforeToolCall: [{ name: 'permissions', failClosed: true, run: () => ({ action: 'deny', reason: 'plan mode is read-only' }) }] },
      approvals: [{ approvalId: 'apr-c2', toolCallId: 'c2', approved: true }],
    });
    expect(log).toEqual([]);
    expect(chunks).toContainEqual({ type: 'tool-output-error', toolCallId: 'c2', errorText: 'Tool call denied (permissions): plan mode is read-only' });
  });
});
