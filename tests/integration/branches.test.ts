/**
 * The message tree through the real routes: regenerating an answer or editing
 * a message adds a branch and destroys nothing; the model only ever sees the
 * active branch; switching is kept across reloads; export and import keep the tree.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { SessionDetail } from '@/lib/api-types';
import { params, post, readChunks, setupAppHarness, userMessage } from '../support/app-harness';

const app = setupAppHarness({ name: 'branches', routes: ['branch', 'exportSession', 'importSession'] });
const { api } = app;

const texts = (messages: AgentUIMessage[]) => messages.map((m) => `${m.role}:${m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('')}`);

async function detail(id: string): Promise<SessionDetail> {
  return (await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json()).session;
}

async function regenerate(sessionId: string, userMessageId: string) {
  const response = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId, regenerate: { userMessageId } })));
  expect(response.status).toBe(200);
  await readChunks(response);
}

/** What the model was sent last: its user and assistant turns, as text. */
function lastPrompt(): string[] {
  const request = app.scripted.requests().at(-1)!;
  return (request.body.messages as Array<{ role: string; content: unknown }>)
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);
}

describe('branches', () => {
  it('regenerating keeps the old answer as a sibling; the model sees only the branch; switching back survives a reload', async () => {
    const id = await app.newSession();
    await readChunks(await app.chat(id, 'First question [[scenario:text?text=Answer%20one]]'));
    const [question, first] = (await detail(id)).messages;
    expect(texts([first!])).toEqual(['assistant:Answer one']);

    app.scripted.reset();
    await regenerate(id, question!.id);
    const after = await detail(id);
    expect(after.messages).toHaveLength(2);
    expect(after.messages[0]!.id).toBe(question!.id);
    const second = after.messages[1]!;
    expect(second.id).not.toBe(first!.id);
    expect(after.branches[second.id]).toEqual({ siblings: [first!.id, second.id], index: 1 });
    // Retry never duplicates the user's message: the model got it once, and not the old answer.
    expect(lastPrompt()).toEqual(['user:First question [[scenario:text?text=Answer%20one]]']);

    const switched = await api.branch.POST(new Request(`http://app/api/sessions/${id}/branch`, post({ messageId: first!.id })), params({ id }));
    expect(switched.status).toBe(200);
    expect((await switched.json()).session.messages.map((m: AgentUIMessage) => m.id)).toEqual([question!.id, first!.id]);
    expect((await detail(id)).messages.map((m) => m.id)).toEqual([question!.id, first!.id]);

    // A new message continues the branch that is shown.
    app.scripted.reset();
    await readChunks(await app.chat(id, 'Follow-up [[scenario:text?text=Answer%20three]]'));
    expect(lastPrompt()).toEqual(['user:First question [[scenario:text?text=Answer%20one]]', 'assistant:Answer one', 'user:Follow-up [[scenario:text?text=Answer%20three]]']);
    expect(texts((await detail(id)).messages)).toEqual([
      'user:First question [[scenario:text?text=Answer%20one]]',
      'assistant:Answer one',
      'user:Follow-up [[scenario:text?text=Answer%20three]]',
      'assistant:Answer three',
    ]);
  });

  it('editing a message adds a sibling after the same parent; the model sees the edit, not the original', async () => {
    const id = await app.newSession();
    await readChunks(await app.chat(id, 'Original [[scenario:text?text=Reply%20A]]'));
    await readChunks(await app.chat(id, 'Second [[scenario:text?text=Reply%20B]]'));
    const before = (await detail(id)).messages;
    const [, firstReply, secondQuestion] = before;

    app.scripted.reset();
    const edited = userMessage('Second, edited [[scenario:text?text=Reply%20C]]');
    const response = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, message: edited, parentId: firstReply!.id })));
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(lastPrompt()).toEqual(['user:Original [[scenario:text?text=Reply%20A]]', 'assistant:Reply A', 'user:Second, edited [[scenario:text?text=Reply%20C]]']);
    const after = await detail(id);
    expect(texts(after.messages).slice(2)).toEqual(['user:Second, edited [[scenario:text?text=Reply%20C]]', 'assistant:Reply C']);
    expect(after.branches[edited.id]).toEqual({ siblings: [secondQuestion!.id, edited.id], index: 1 });

    // Back to the original: its own reply comes with it.
    const switched = await api.branch.POST(new Request(`http://app/api/sessions/${id}/branch`, post({ messageId: secondQuestion!.id })), params({ id }));
    expect(texts((await switched.json()).session.messages)).toEqual(texts(before));
  });

  it('refuses a regenerate of something that is not a user message of the session, and a switch to a stranger', async () => {
    const id = await app.newSession();
    await readChunks(await app.chat(id, 'Hi [[scenario:text]]'));
    const [, reply] = (await detail(id)).messages;
    const bad = await api.chat.POST(new Request('http://app/api/chat', post({ sessionId: id, regenerate: { userMessageId: reply!.id } })));
    expect(bad.status).toBe(404);
    const stranger = await api.branch.POST(new Request(`http://app/api/sessions/${id}/branch`, post({ messageId: 'not-here' })), params({ id }));
    expect(stranger.status).toBe(404);
  });

  it('export and import keep every branch and the one shown', async () => {
    const id = await app.newSession();
    await readChunks(await app.chat(id, 'Tree [[scenario:text?text=One]]'));
    const [question] = (await detail(id)).messages;
    await regenerate(id, question!.id);
    const exported = await (await api.exportSession.GET(new Request(`http://app/api/sessions/${id}/export`), params({ id }))).json();
    expect(exported.messages).toHaveLength(3);
    expect(exported.messages.filter((m: { parentId: string | null }) => m.parentId === question!.id)).toHaveLength(2);
    const imported = await api.importSession.POST(new Request('http://app/api/sessions/import', post(exported)));
    expect(imported.status).toBe(201);
    const copy = await detail((await imported.json()).session.id);
    expect(texts(copy.messages)).toEqual(texts((await detail(id)).messages));
    expect(Object.values(copy.branches)).toEqual([{ siblings: expect.any(Array), index: 1 }]);
  });
});
