/**
 * What one more step of a run costs the database (issue 14: "appending a step
 * to a 2,000-message session: new rows only"). Every statement the app sends is
 * recorded, runs of 1 and 3 model steps are compared on sessions of 50 and 500
 * messages, and the difference (what two more steps added) must not depend on
 * the session's length: no step re-reads the history or rewrites old rows.
 * Counts, never times.
 */
import { describe, expect, it } from 'vitest';
import type { Client, InStatement, Transaction } from '@libsql/client';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/server/session-format';
import { post, readChunks, setupAppHarness, sequenceMarker } from '../support/app-harness';

const app = setupAppHarness({ name: 'step-writes', routes: ['importSession'] });

/** Every SQL statement sent while recording, transactions' own included. */
const recorded: string[] = [];
let recording = false;

function sqlOf(statement: InStatement): string {
  return typeof statement === 'string' ? statement : statement.sql;
}

function recordingTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === 'execute') return (statement: InStatement) => (record(sqlOf(statement)), value.call(target, statement));
      if (property === 'batch') return (statements: InStatement[]) => (statements.forEach((s) => record(sqlOf(s))), value.call(target, statements));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function record(sql: string): void {
  if (recording) recorded.push(sql.replace(/\s+/g, ' ').trim());
}

async function recordStatements(): Promise<void> {
  const { getDb } = await import('@/db/client');
  const db = await getDb();
  // drizzle's libSQL session sends every query through its `client`: wrap it.
  const session: { client: Client } = Reflect.get(db, 'session');
  const client = session.client;
  session.client = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property === 'execute') return (statement: InStatement) => (record(sqlOf(statement)), value.call(target, statement));
      if (property === 'batch') return (statements: InStatement[], mode?: unknown) => (statements.forEach((s) => record(sqlOf(s))), value.call(target, statements, mode));
      if (property === 'transaction') return async (...args: unknown[]) => recordingTransaction(await value.apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A session of `count` stored messages (an import: no model calls). */
async function sessionOf(count: number): Promise<string> {
  const now = Date.now();
  const messages = Array.from({ length: count }, (_, i) => {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    return { id: `m${count}-${i}`, parentId: i === 0 ? null : `m${count}-${i - 1}`, pinned: false, createdAt: now + i, updatedAt: now + i, message: { id: `m${count}-${i}`, role, parts: [{ type: 'text', text: `${role} message ${i}: ${'words of the history '.repeat(10)}` }] } };
  });
  const file = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now,
    session: { title: `Long ${count}`, modelKey: 'compat:scripted-chat', permissionMode: 'ask', settings: { contextWindowOverride: 1_000_000 }, todos: [], createdAt: now, updatedAt: now },
    messages,
    activeLeafId: `m${count}-${count - 1}`,
    workspace: [],
    compactions: [],
    runs: [],
  };
  const response = await app.api.importSession.POST(new Request('http://app/api/sessions/import', post(file)));
  expect(response.status).toBe(201);
  return (await response.json()).session.id;
}

const sequence = (count: number) => sequenceMarker(Array.from({ length: count }, (_, i) => ({ tool: 'calculator', args: { expression: `${i}+1` } })), '&answer=done');

/**
 * The statements of a run of `toolCalls` + 1 model steps, by kind. What runs on the clock
 * is left out, its number following time, not the session: the run log's batches, lease
 * renewals, and the sweeps for orphaned runs and old logs.
 */
const onTheClock = [/^insert into "run_events"/i, /lease_expires_at/i, /^delete from "run_events"/i];
async function runStatements(sessionId: string, toolCalls: number): Promise<string[]> {
  recorded.length = 0;
  recording = true;
  const chunks = await readChunks(await app.chat(sessionId, `Go ${sequence(toolCalls)}`));
  recording = false;
  expect(chunks.at(-1)?.type).toBe('finish');
  return recorded.filter((sql) => !onTheClock.some((pattern) => pattern.test(sql)));
}

/** What `more` has beyond `fewer`, as a multiset. */
function added(more: string[], fewer: string[]): string[] {
  const left = [...fewer];
  return more.filter((sql) => {
    const at = left.indexOf(sql);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

describe('appending a step', () => {
  it('sends the same statements at 50 and 500 messages of history, none reading the history or rewriting old rows', async () => {
    await recordStatements();
    const perSession: Record<number, string[]> = {};
    for (const length of [50, 500]) {
      const id = await sessionOf(length);
      // A first run, so that the measured ones both start from a session with runs and step traces.
      await runStatements(id, 1);
      const one = await runStatements(id, 1);
      const three = await runStatements(id, 3);
      perSession[length] = added(three, one);
      console.log(`[figure] ${length} messages: a run of 2 steps ${one.length} statements, of 4 steps ${three.length}; two more steps added ${perSession[length].length}:\n  ${perSession[length].join('\n  ')}`);
    }
    expect(perSession[500].length).toBe(perSession[50].length);
    expect(perSession[500].sort()).toEqual(perSession[50].sort());
    // A step writes its own rows and updates the run's message; it does not read the session's messages.
    for (const sql of perSession[500]) expect(sql).not.toMatch(/from "messages"(?! where "messages"\."id" = \?)/i);
  });
});
