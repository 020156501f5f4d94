import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type Db } from '@/db/client';
import { getMessageRow, loadMessageRows, messageExists, saveMessage } from '@/db/queries/messages';
import { createRun, finishRun, insertRunStep, listOrphanedRuns, listRunSteps, listRuns, renewRunLeases, requestRunStop } from '@/db/queries/runs';
import { grantTool, toolPermissionState } from '@/db/queries/grants';
import { createSession, deleteSession, getPermissionMode, getSession, listSessions, setAutoTitle, touchSession, updateSession } from '@/db/queries/sessions';
import { emptyUsage, type AgentUIMessage } from '@/lib/agent/messages';
import { createStepTrace } from '@/lib/agent/trace';

let db: Db;
beforeEach(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ap-db-'));
  db = await openTestDatabase(`file:${path.join(dir, 'test.db')}`);
});

const text = (id: string, role: 'user' | 'assistant', value: string): AgentUIMessage => ({ id, role, parts: [{ type: 'text', text: value }] });

describe('sessions', () => {
  it('permission reads (prepared once per database) see a switch and a grant at once, each in its own database', async () => {
    const other = await openTestDatabase(`file:${path.join(mkdtempSync(path.join(tmpdir(), 'ap-db-')), 'other.db')}`);
    await createSession(db, { id: 's', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await createSession(other, { id: 's', ownerId: 'me', modelKey: 'demo:demo-agent' });
    expect(await getPermissionMode(db, 'me', 's')).toBe('ask');
    expect(await toolPermissionState(db, 'me', 's', 'bash')).toEqual({ mode: 'ask', granted: false });
    await updateSession(db, 'me', 's', { permissionMode: 'accept-edits' });
    await grantTool(db, { id: 'g1', ownerId: 'me', sessionId: 's', toolName: 'bash' });
    expect(await getPermissionMode(db, 'me', 's')).toBe('accept-edits');
    expect(await toolPermissionState(db, 'me', 's', 'bash')).toEqual({ mode: 'accept-edits', granted: true });
    expect(await toolPermissionState(db, 'me', 's', 'write_file')).toEqual({ mode: 'accept-edits', granted: false });
    // The other database, read through its own statements, is untouched; another owner sees no session.
    expect(await getPermissionMode(other, 'me', 's')).toBe('ask');
    expect(await toolPermissionState(other, 'me', 's', 'bash')).toEqual({ mode: 'ask', granted: false });
    expect(await getPermissionMode(db, 'someone-else', 's')).toBeUndefined();
    expect(await toolPermissionState(db, 'someone-else', 's', 'bash')).toBeUndefined();
  });

  it('lists sessions newest first, only for their owner', async () => {
    await createSession(db, { id: 'a', ownerId: 'me', modelKey: 'demo:demo-agent', now: 1000 });
    await createSession(db, { id: 'b', ownerId: 'me', modelKey: 'demo:demo-agent', now: 2000 });
    await createSession(db, { id: 'c', ownerId: 'someone-else', modelKey: 'demo:demo-agent', now: 3000 });
    expect((await listSessions(db, 'me')).map((s) => s.id)).toEqual(['b', 'a']);
    await touchSession(db, 'me', 'a', 5000);
    expect((await listSessions(db, 'me')).map((s) => s.id)).toEqual(['a', 'b']);
    expect(await getSession(db, 'me', 'c')).toBeUndefined();
  });

  it('never lets an automatic title overwrite a title the user chose', async () => {
    await createSession(db, { id: 'a', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await setAutoTitle(db, 'me', 'a', 'From the first message');
    expect((await getSession(db, 'me', 'a'))?.title).toBe('From the first message');
    await updateSession(db, 'me', 'a', { title: 'Mine' });
    await setAutoTitle(db, 'me', 'a', 'Another automatic title');
    const row = await getSession(db, 'me', 'a');
    expect(row?.title).toBe('Mine');
    expect(row?.titleSource).toBe('user');
  });

  it('deletes a session with its messages and runs, and only for its owner', async () => {
    await createSession(db, { id: 'a', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await saveMessage(db, 'me', 'a', text('m1', 'user', 'hi'));
    await createRun(db, { id: 'r1', sessionId: 'a', ownerId: 'me', messageId: 'm2', modelKey: 'demo:demo-agent', instanceId: 'inst-test', leaseExpiresAt: Date.now() + 60_000 });
    expect(await deleteSession(db, 'other', 'a')).toBe(false);
    expect(await deleteSession(db, 'me', 'a')).toBe(true);
    expect(await messageExists(db, 'm1')).toBe(false);
    expect(await listRuns(db, 'me', 'a')).toEqual([]);
  });
});

describe('messages', () => {
  it('keeps one row per message, in order, and replaces a message saved again at a later step', async () => {
    await createSession(db, { id: 's', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await saveMessage(db, 'me', 's', text('u1', 'user', 'question'));
    await saveMessage(db, 'me', 's', text('a1', 'assistant', 'partial'));
    await saveMessage(db, 'me', 's', text('a1', 'assistant', 'partial and then the rest'));
    await saveMessage(db, 'me', 's', text('u2', 'user', 'follow-up'));
    const rows = await loadMessageRows(db, 'me', 's');
    expect(rows.map((r) => [r.id, r.role])).toEqual([['u1', 'user'], ['a1', 'assistant'], ['u2', 'user']]);
    // Rows come back as stored text: lib/server/stored-messages.ts parses and validates each one.
    expect(JSON.parse(rows[1].json)).toEqual(text('a1', 'assistant', 'partial and then the rest'));
    expect(await loadMessageRows(db, 'other', 's')).toEqual([]);
    expect(await getMessageRow(db, 'other', 'a1')).toBeUndefined();
    expect(await getMessageRow(db, 'me', 'a1')).toEqual(rows[1]);
  });

  it('refuses to move a message id into another session', async () => {
    await createSession(db, { id: 's1', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await createSession(db, { id: 's2', ownerId: 'me', modelKey: 'demo:demo-agent' });
    await saveMessage(db, 'me', 's1', text('m', 'user', 'hi'));
    await expect(saveMessage(db, 'me', 's2', text('m', 'user', 'hijack'))).rejects.toThrow(/another session/);
  });
});

describe('runs', () => {
  it('renews the leases of all of an instance\'s runs at once, more than one statement holds, and says which were asked to stop', async () => {
    const count = 1_100;
    for (let i = 0; i < count; i++) {
      await createSession(db, { id: `s${i}`, ownerId: 'me', modelKey: 'demo:demo-agent' });
      await createRun(db, { id: `r${i}`, sessionId: `s${i}`, ownerId: 'me', messageId: `m${i}`, modelKey: 'x', instanceId: i === 7 ? 'other' : 'here', leaseExpiresAt: 1 });
    }
    await requestRunStop(db, 'me', 's1050');
    await finishRun(db, 'r3', { status: 'completed', endReason: 'completed' });
    const ids = Array.from({ length: count }, (_, i) => `r${i}`);
    const renewed = await renewRunLeases(db, ids, 'here', 99);
    // Neither a run of another instance nor one that ended is renewed.
    expect(renewed.size).toBe(count - 2);
    expect(renewed.has('r7') || renewed.has('r3')).toBe(false);
    expect([...renewed].filter(([, state]) => state.stopRequested).map(([id]) => id)).toEqual(['r1050']);
    expect((await listOrphanedRuns(db, 50)).map((run) => run.id)).toEqual(['r7']);
  });

  it('records runs and their step traces', async () => {
    await createSession(db, { id: 's', ownerId: 'me', modelKey: 'demo:demo-agent' });
    expect(await createRun(db, { id: 'r', sessionId: 's', ownerId: 'me', messageId: 'a1', modelKey: 'demo:demo-agent', instanceId: 'inst-test', leaseExpiresAt: Date.now() + 60_000 })).toBe(true);
    // One running run per session: a second claim fails.
    expect(await createRun(db, { id: 'r2', sessionId: 's', ownerId: 'me', messageId: 'a2', modelKey: 'demo:demo-agent', instanceId: 'inst-test', leaseExpiresAt: Date.now() + 60_000 })).toBe(false);
    expect((await listOrphanedRuns(db, Date.now(), 'inst-test')).map((r) => r.id)).toEqual(['r']);
    expect(await listOrphanedRuns(db, Date.now())).toEqual([]);
    expect((await listOrphanedRuns(db, Date.now() + 120_000)).map((r) => r.id)).toEqual(['r']);
    await insertRunStep(db, { id: 'st2', runId: 'r', sessionId: 's', ownerId: 'me', stepNumber: 1, trace: createStepTrace(1, 'model', 2_000) });
    await insertRunStep(db, { id: 'st1', runId: 'r', sessionId: 's', ownerId: 'me', stepNumber: 0, trace: createStepTrace(0, 'model', 1_000) });
    expect(await finishRun(db, 'r', { status: 'completed', endReason: 'completed', usage: { ...emptyUsage(), inputTokens: 5 } })).toBe(true);
    // Only a running run ends: a late second ending (a recovery racing the owner) changes nothing.
    expect(await finishRun(db, 'r', { status: 'interrupted', endReason: 'server-restart' })).toBe(false);
    expect(await listOrphanedRuns(db, Date.now() + 120_000, 'inst-test')).toEqual([]);
    expect((await listRunSteps(db, 'me', 'r')).map((s) => s.trace.stepNumber)).toEqual([0, 1]);
    expect(await listRunSteps(db, 'other', 'r')).toEqual([]);
    const [run] = await listRuns(db, 'me', 's');
    expect(run).toMatchObject({ status: 'completed', endReason: 'completed', usage: { inputTokens: 5 } });
  });
});
