/**
 * Workspace and todo tools through the real chat API: the scripted model
 * calls the tools, the real loop runs them against the session's workspace in
 * a temp SQLite file, and the files API reads back what they saved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { params, patch, setupAppHarness, sequenceMarker } from '../support/app-harness';

const app = setupAppHarness({ name: 'ws-api', routes: ['files', 'content'] });
const { api } = app;
let db: import('@/db/client').Db;
beforeAll(async () => {
  db = await (await import('@/lib/server/db')).getAppDb();
});

/** `[[scenario:sequence?calls=…]]`: the scripted model makes these calls, one per turn. */

/** A session in accept-edits mode, so workspace writes run without an approval prompt (approvals have their own tests). */
async function newSession(modelKey: string): Promise<string> {
  const id = await app.newSession(modelKey);
  expect((await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ permissionMode: 'accept-edits' })), params({ id }))).status).toBe(200);
  return id;
}

/** Sends a message and waits for the run to end (the response streams until then). */
async function runTurn(sessionId: string, text: string): Promise<AgentUIMessage> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  await response.text();
  return (await app.sessionMessages(sessionId)).at(-1)!;
}

function toolParts(message: AgentUIMessage) {
  return message.parts.filter((part) => part.type.startsWith('tool-')) as Array<{ type: string; state: string; output?: Record<string, unknown>; errorText?: string }>;
}

const listFiles = async (id: string) => (await api.files.GET(new Request(`http://app/api/sessions/${id}/files`), params({ id }))).json();
const fileContent = (id: string, filePath: string) =>
  api.content.GET(new Request(`http://app/api/sessions/${id}/files/content?path=${encodeURIComponent(filePath)}`), params({ id }));

describe.each([
  ['Chat Completions', 'compat:scripted-chat'],
  ['Responses API', 'openai:scripted-responses'],
])('workspace tools through the chat API (%s)', (_api, modelKey) => {
  it('write_file then read_file: the file is in the database and readable through the files API', async () => {
    const id = await newSession(modelKey);
    const answer = await runTurn(
      id,
      `Make a note ${sequenceMarker([
        { tool: 'write_file', args: { path: 'notes/todo.md', content: '# Plan\n- write\n- read\n' } },
        { tool: 'read_file', args: { path: '/workspace/notes/todo.md' } },
      ])}`,
    );
    const [write, read] = toolParts(answer);
    expect(write).toMatchObject({ type: 'tool-write_file', state: 'output-available' });
    expect(write.output).toMatchObject({ path: '/workspace/notes/todo.md', created: true, linesAdded: 3, linesRemoved: 0 });
    expect(String(write.output?.patch)).toContain('+- write');
    expect(read).toMatchObject({ type: 'tool-read_file', state: 'output-available' });
    expect(read.output).toMatchObject({ content: '# Plan\n- write\n- read', totalLines: 3 });

    expect(await listFiles(id)).toEqual({ files: [{ path: '/workspace/notes/todo.md', size: 22, updatedAt: expect.any(Number) }], totalBytes: 22 });
    const response = await fileContent(id, 'notes/todo.md');
    expect(response.status).toBe(200);
    expect((await response.json()).file).toMatchObject({ path: '/workspace/notes/todo.md', binary: false, content: '# Plan\n- write\n- read\n' });

    // A later run (a fresh sandbox loaded from the database) edits the same file with bash.
    const second = await runTurn(id, `Append ${sequenceMarker([{ tool: 'bash', args: { command: 'echo "- done" >> notes/todo.md && rm -f nothing && wc -l notes/todo.md' } }])}`);
    expect(toolParts(second)[0].output).toMatchObject({ exitCode: 0, stdout: '4 notes/todo.md\n', written: ['/workspace/notes/todo.md'] });
    expect((await (await fileContent(id, '/workspace/notes/todo.md')).json()).file.content).toBe('# Plan\n- write\n- read\n- done\n');
  });
});

describe('files API', () => {
  it('answers 404 for a missing file or session, and 400 for a path outside the workspace', async () => {
    const id = await newSession('compat:scripted-chat');
    const missing = await fileContent(id, 'nope.txt');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('No file at /workspace/nope.txt.');
    expect((await fileContent('no-such-session', 'a.txt')).status).toBe(404);
    expect((await api.files.GET(new Request('http://app'), params({ id: 'no-such-session' }))).status).toBe(404);
    for (const bad of ['../../etc/passwd', '/etc/passwd', '']) {
      const response = await fileContent(id, bad);
      expect(response.status, bad).toBe(400);
      expect((await response.json()).error.message).toMatch(/outside the workspace|path is required|empty/);
    }
  });

  it('reports a binary file by size, without content', async () => {
    const id = await newSession('compat:scripted-chat');
    const { saveWorkspaceChanges } = await import('@/db/queries/workspace');
    await saveWorkspaceChanges(db, 'local', id, { upserts: [{ path: '/workspace/img.bin', content: new Uint8Array([0, 159, 146, 150]) }], deletions: [] });
    const body = (await (await fileContent(id, 'img.bin')).json()).file;
    expect(body).toEqual({ path: '/workspace/img.bin', size: 4, updatedAt: expect.any(Number), binary: true });
  });
});

describe('todo_write through the chat API', () => {
  it('stores the list on the session, and open items trigger the unfinished-work nudge', async () => {
    const id = await newSession('compat:scripted-chat');
    const todos = [
      { id: '1', content: 'Outline', status: 'completed' },
      { id: '2', content: 'Draft', status: 'in_progress' },
    ];
    const answer = await runTurn(id, `Plan ${sequenceMarker([{ tool: 'todo_write', args: { todos } }])}`);
    expect(toolParts(answer)[0]).toMatchObject({ type: 'tool-todo_write', state: 'output-available', output: { progress: '1/2 completed' } });
    const { getSessionTodos } = await import('@/db/queries/todos');
    expect(await getSessionTodos(db, 'local', id)).toEqual(todos);
    // The model stopped with "Draft" open: the loop nudged it once to finish or explain.
    const nudges = answer.parts.filter((part) => part.type === 'data-nudge') as Array<{ data: { kind: string; message: string } }>;
    expect(nudges.map((nudge) => nudge.data.kind)).toEqual(['unfinished-work']);
    expect(nudges[0].data.message).toContain('Draft (in progress)');
  });
});
