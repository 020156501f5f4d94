/**
 * Approvals through the real route handlers, with crafted requests: the server
 * decides what runs. A test-only write-class tool (`write_note`) is added to the
 * session's tools; it counts its executions so "ran once" and "never ran" are checked.
 */
import { isToolUIPart, type DynamicToolUIPart, type ToolUIPart } from 'ai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';
import type { AgentTool } from '@/lib/agent/types';
import { params, post, readChunks, setupAppHarness, userMessage } from '../support/app-harness';

const executions: Array<{ sessionId: string; text: string }> = [];

vi.mock('@/lib/tools/session-tools', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/tools/session-tools')>();
  return {
    ...original,
    sessionTools: async (ctx: Parameters<typeof original.sessionTools>[0]) => {
      const set = await original.sessionTools(ctx);
      const writeNote: AgentTool<{ text: string }> = {
        name: 'write_note',
        description: 'Writes a note into the workspace',
        inputSchema: z.object({ text: z.string().max(100) }).strict(),
        readOnly: false,
        permission: 'write',
        execute: async ({ text }) => {
          executions.push({ sessionId: ctx.sessionId, text });
          return { written: text };
        },
      };
      return { ...set, tools: [...set.tools, writeNote] };
    },
  };
});

const app = setupAppHarness({
  name: 'approvals',
  routes: ['grants', 'grant', 'runs'],
  env: { TOOL_APPROVAL_SECRET: 'integration-test-approval-secret' },
});
const { api } = app;
beforeEach(() => {
  executions.length = 0;
});

const WRITE = (text = 'hello') => `Write it [[scenario:tool?tool=write_note&args=${encodeURIComponent(JSON.stringify({ text }))}]]`;

const newSession = () => app.newSession();

async function say(sessionId: string, text: string): Promise<AgentUIMessageChunk[]> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  return readChunks(response);
}

function answer(body: unknown): Promise<Response> {
  return api.chat.POST(new Request('http://app/api/chat', post(body)));
}

const messages = app.sessionMessages;

async function setMode(sessionId: string, permissionMode: string): Promise<Response> {
  return api.session.PATCH(
    new Request('http://app', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ permissionMode }) }),
    params({ id: sessionId }),
  );
}

type PendingPart = { toolCallId: string; state: string; input: unknown; output?: unknown; approval?: { id: string; signature?: string; approved?: boolean; reason?: string } };

function pendingPart(part: ToolUIPart | DynamicToolUIPart): PendingPart {
  return {
    toolCallId: part.toolCallId,
    state: part.state,
    input: part.input,
    output: 'output' in part ? part.output : undefined,
    approval: 'approval' in part ? part.approval : undefined,
  };
}

/** The tool parts of the last assistant message. */
async function toolParts(sessionId: string): Promise<PendingPart[]> {
  const last = (await messages(sessionId)).at(-1)!;
  return last.parts.filter(isToolUIPart).filter((p) => p.type === 'tool-write_note').map(pendingPart);
}

function decisions(message: AgentUIMessage | undefined) {
  return message?.parts.filter((p) => p.type === 'data-tool-decision').map((p) => (p as { data: { reason: string } }).data.reason) ?? [];
}

/** Starts a write the server must ask about; returns the pending approval as the client holds it. */
async function pendingWrite(sessionId: string, text = 'hello') {
  const chunks = await say(sessionId, WRITE(text));
  expect(chunks.some((c) => c.type === 'tool-approval-request')).toBe(true);
  const [part] = await toolParts(sessionId);
  expect(part.state).toBe('approval-requested');
  return { approvalId: part.approval!.id, signature: part.approval!.signature!, toolCallId: part.toolCallId };
}

describe('approvals through POST /api/chat', () => {
  it('asks before a write in ask mode, then an approval runs the tool exactly once and continues the same message', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    expect(executions).toEqual([]);
    const before = await messages(id);
    expect(before.at(-1)?.metadata?.runEnd?.reason).toBe('awaiting-approval');

    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature }] });
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks[0]).toMatchObject({ type: 'start', messageId: before.at(-1)!.id });
    expect(executions).toEqual([{ sessionId: id, text: 'hello' }]);

    const after = await messages(id);
    expect(after).toHaveLength(2);
    const [part] = await toolParts(id);
    expect(part).toMatchObject({ state: 'output-available', output: { written: 'hello' }, approval: { id: approvalId, approved: true } });
    expect(decisions(after.at(-1))).toEqual(['approved by you']);
    const text = after.at(-1)!.parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('');
    expect(text).toContain('written');
    expect(after.at(-1)!.parts.filter((p) => p.type === 'data-run-end')).toHaveLength(1);
    expect(after.at(-1)?.metadata?.runEnd?.reason).toBe('completed');
  });

  it('parallel writes wait for every answer: a partial answer is refused (400), then approve-all runs each once', async () => {
    const id = await newSession();
    const args = (text: string) => encodeURIComponent(JSON.stringify({ text }));
    const chunks = await say(id, `Two notes [[scenario:parallel-tools?tool1=write_note&args1=${args('one')}&tool2=write_note&args2=${args('two')}]]`);
    expect(chunks.filter((c) => c.type === 'tool-approval-request')).toHaveLength(2);
    const pending = (await toolParts(id)).map((part) => ({ approvalId: part.approval!.id, signature: part.approval!.signature! }));
    expect(pending).toHaveLength(2);

    const partial = await answer({ sessionId: id, approvals: [{ ...pending[0], approved: true }] });
    expect(partial.status).toBe(400);
    expect(executions).toEqual([]);

    const all = await answer({ sessionId: id, approvals: pending.map((p) => ({ ...p, approved: true })) });
    expect(all.status).toBe(200);
    await readChunks(all);
    expect(executions.map((e) => e.text)).toEqual(['one', 'two']);
    expect((await toolParts(id)).map((part) => part.state)).toEqual(['output-available', 'output-available']);
  });

  it('a denial never runs the tool and the model reads the reason', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    app.scripted.reset();
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: false, signature, reason: 'use the notes folder instead' }] });
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(executions).toEqual([]);
    expect(JSON.stringify(app.scripted.requests()[0].body)).toContain('The user denied this tool call (reason: use the notes folder instead).');
    const [part] = await toolParts(id);
    expect(part).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'use the notes folder instead' } });
    expect(decisions((await messages(id)).at(-1))).toEqual(['denied by you: use the notes folder instead']);
  });

  it('rejects an approval the server never asked for (400) and runs nothing', async () => {
    const id = await newSession();
    const { signature } = await pendingWrite(id);
    const response = await answer({ sessionId: id, approvals: [{ approvalId: 'apr_forged', approved: true, signature }] });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/never asked/);
    expect(executions).toEqual([]);
    expect((await toolParts(id))[0].state).toBe('approval-requested');
  });

  it('rejects an approval from another session (400)', async () => {
    const mine = await newSession();
    const theirs = await newSession();
    const { approvalId, signature } = await pendingWrite(theirs);
    await pendingWrite(mine);
    const response = await answer({ sessionId: mine, approvals: [{ approvalId, approved: true, signature }] });
    expect(response.status).toBe(400);
    expect(executions).toEqual([]);
  });

  it('rejects a replayed approval (400) and the tool does not run twice', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    const body = { sessionId: id, approvals: [{ approvalId, approved: true, signature }] };
    await readChunks(await answer(body));
    expect(executions).toHaveLength(1);
    const replay = await answer(body);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.message).toMatch(/already answered/);
    expect(executions).toHaveLength(1);
  });

  it('rejects a tampered signature (400) and runs nothing', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    const tampered = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature: tampered }] });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/signature/);
    expect(executions).toEqual([]);
    // The real answer still works afterwards: a rejected request recorded nothing.
    await readChunks(await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature }] }));
    expect(executions).toHaveLength(1);
  });

  it('rejects edited arguments that fail the tool schema (400), and runs valid edited ones', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    for (const editedInput of [{ text: 42 }, { text: 'ok', extra: true }, 'not an object']) {
      const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature, editedInput }] });
      expect(response.status).toBe(400);
    }
    expect(executions).toEqual([]);
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature, editedInput: { text: 'edited' } }] });
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(executions).toEqual([{ sessionId: id, text: 'edited' }]);
    expect(decisions((await messages(id)).at(-1))).toEqual(['approved by you with edited arguments']);
  });

  it('stores the edited arguments that ran, keeps the original beside them, and the model reads the edited ones', async () => {
    const id = await newSession();
    const { approvalId, signature, toolCallId } = await pendingWrite(id, 'original words');
    app.scripted.reset();
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature, editedInput: { text: 'edited words' } }] });
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks).toContainEqual({ type: 'data-tool-edit', id: `edit-${toolCallId}`, data: { toolCallId, input: { text: 'edited words' }, originalInput: { text: 'original words' } } });
    expect(executions).toEqual([{ sessionId: id, text: 'edited words' }]);

    // The stored tool part holds the arguments that ran; the edit record keeps the model's.
    const last = (await messages(id)).at(-1)!;
    const [part] = await toolParts(id);
    expect(part).toMatchObject({ toolCallId, state: 'output-available', input: { text: 'edited words' }, output: { written: 'edited words' } });
    const edits = last.parts.filter((p) => p.type === 'data-tool-edit').map((p) => (p as { data: unknown }).data);
    expect(edits).toEqual([{ toolCallId, input: { text: 'edited words' }, originalInput: { text: 'original words' } }]);

    // The continuation's request and the next turn's request both carry the edited call, never the original.
    await say(id, 'What did you write?');
    const bodies = app.scripted.requests().map((r) => r.body as { messages: Array<{ role: string; tool_calls?: Array<{ id: string; function: { arguments: string } }> }> });
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      const calls = body.messages.flatMap((m) => m.tool_calls ?? []).filter((c) => c.id === toolCallId);
      expect(calls.map((c) => JSON.parse(c.function.arguments))).toEqual([{ text: 'edited words' }]);
      expect(JSON.stringify(body)).not.toContain('original words');
    }
  });

  it('treats arguments approved unchanged from the editor as a plain approval (nothing marked edited)', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id, 'same words');
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature, editedInput: { text: 'same words' } }] });
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks.some((c) => c.type === 'data-tool-edit')).toBe(false);
    expect(decisions((await messages(id)).at(-1))).toEqual(['approved by you']);
  });

  it('rejects a body that carries anything besides decisions (400)', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    for (const body of [
      { sessionId: id, permissionMode: 'auto', approvals: [{ approvalId, approved: true, signature }] },
      { sessionId: id, approvals: [{ approvalId, approved: true, signature, toolName: 'calculator' }] },
      { sessionId: id, approvals: [{ approvalId, approved: true }] },
    ]) {
      expect((await answer(body)).status).toBe(400);
    }
    expect(executions).toEqual([]);
  });
});

describe('plan mode cannot be bypassed', () => {
  it('does not offer write tools to the model and refuses a write call whatever the body claims', async () => {
    const id = await newSession();
    expect((await setMode(id, 'plan')).status).toBe(200);
    app.scripted.reset();
    // A body that claims another mode is refused outright (unknown keys are not accepted), and nothing runs.
    const claimed = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, permissionMode: 'auto', message: userMessage(WRITE()) })));
    expect(claimed.status).toBe(400);
    expect(app.scripted.requests()).toEqual([]);
    const response = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message: userMessage(WRITE()) })));
    const chunks = await readChunks(response);
    expect(executions).toEqual([]);
    expect(chunks.some((c) => c.type === 'tool-approval-request')).toBe(false);
    const sentTools = JSON.stringify(app.scripted.requests()[0].body.tools ?? []);
    expect(sentTools).not.toContain('write_note');
    expect(sentTools).toContain('calculator');
    const [part] = await toolParts(id);
    expect(part.state).toBe('output-error');
  });

  it('an approval given after switching to plan mode does not run the tool', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    await setMode(id, 'plan');
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature }] });
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(executions).toEqual([]);
    const [part] = await toolParts(id);
    expect(part.state).toBe('output-error');
    expect(decisions((await messages(id)).at(-1))).toEqual(['plan mode is read-only']);
  });

  it('rejects an unknown mode (400)', async () => {
    const id = await newSession();
    expect((await setMode(id, 'bypass')).status).toBe(400);
  });
});

describe('grants and modes', () => {
  async function grants(id: string): Promise<Array<{ id: string; toolName: string; scope: string }>> {
    return (await (await api.grants.GET(new Request('http://app'), params({ id }))).json()).grants;
  }

  it('always-allow creates a grant, the next call runs without asking, and revoking makes it ask again', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id, 'first');
    await readChunks(await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature, alwaysAllow: true }] }));
    const list = await grants(id);
    expect(list).toMatchObject([{ toolName: 'write_note', scope: 'session' }]);

    const chunks = await say(id, WRITE('second'));
    expect(chunks.some((c) => c.type === 'tool-approval-request')).toBe(false);
    expect(executions.map((e) => e.text)).toEqual(['first', 'second']);
    expect(decisions((await messages(id)).at(-1))).toEqual(['grant: always allow write_note']);

    const revoke = await api.grant.DELETE(new Request('http://app', { method: 'DELETE' }), params({ id, grantId: list[0].id }));
    expect(revoke.status).toBe(200);
    expect(await grants(id)).toEqual([]);
    await pendingWrite(id, 'third');
    expect(executions.map((e) => e.text)).toEqual(['first', 'second']);
  });

  it('switching the mode applies to the next tool call', async () => {
    const id = await newSession();
    await setMode(id, 'auto');
    await say(id, WRITE('in auto'));
    expect(executions.map((e) => e.text)).toEqual(['in auto']);
    expect(decisions((await messages(id)).at(-1))).toEqual(['mode auto']);

    await setMode(id, 'accept-edits');
    await say(id, WRITE('in accept-edits'));
    expect(executions.map((e) => e.text)).toEqual(['in auto', 'in accept-edits']);

    await setMode(id, 'ask');
    await pendingWrite(id, 'in ask');
    expect(executions).toHaveLength(2);
  });

  it('a pending approval survives a reload: the stored message and the row are enough to answer it', async () => {
    const id = await newSession();
    await pendingWrite(id);
    // A "reload": the client reads the session from the server and answers from there.
    const stored = (await messages(id)).at(-1)!;
    const [part] = stored.parts.filter(isToolUIPart).filter((p) => p.type === 'tool-write_note').map(pendingPart);
    const response = await answer({ sessionId: id, approvals: [{ approvalId: part.approval!.id, approved: true, signature: part.approval!.signature }] });
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(executions).toHaveLength(1);
  });

  it('a new message expires unanswered approvals, which can no longer be answered', async () => {
    const id = await newSession();
    const { approvalId, signature } = await pendingWrite(id);
    await say(id, 'Never mind [[scenario:text]]');
    const response = await answer({ sessionId: id, approvals: [{ approvalId, approved: true, signature }] });
    expect(response.status).toBe(400);
    expect(executions).toEqual([]);
  });
});
