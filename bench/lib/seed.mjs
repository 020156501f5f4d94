// Long sessions, seeded fast: a real short session is played once (a tool step, a markdown answer),
// exported, and its messages repeated with new ids into an import file of any length.
import { BENCH_SETTINGS, createSession, marker, turn } from './client.mjs';

const CALC = JSON.stringify({ expression: '6*7' });

/** Plays the template turns on a fresh session and answers its export (messages with parents). */
async function template(app) {
  const sessionId = await createSession(app);
  await turn(app, { sessionId, text: `Compute it ${marker('paced', { tokens: 24, steps: 1, tool: 'calculator', args: CALC })}` });
  await turn(app, { sessionId, text: `Explain with code ${marker('text')}` });
  const response = await fetch(`${app.url}/api/sessions/${sessionId}/export?format=json`);
  if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
  return response.json();
}

let made = 0;
/**
 * Imports a session of `count` messages (the template's messages in turn, text varied) whose last message
 * says `lastText`. Answers { sessionId, messages } (the UI messages, for the floor's history).
 */
export async function seedSession(app, count, { lastText = `The last message ${++made}.` } = {}, cache = {}) {
  cache.template ??= await template(app);
  const file = structuredClone(cache.template);
  const pattern = file.messages;
  const out = [];
  let parentId = null;
  const t0 = Date.now() - count * 1000;
  for (let i = 0; i < count; i++) {
    const source = structuredClone(pattern[i % pattern.length]);
    const id = `msg-bench-${made}-${i}-${Math.random().toString(36).slice(2, 8)}`;
    source.id = id;
    source.parentId = parentId;
    source.createdAt = source.updatedAt = t0 + i * 1000;
    source.message.id = id;
    for (const part of source.message.parts) {
      if (part.type === 'text') part.text = `${part.text} (${i})`;
      if (typeof part.toolCallId === 'string') part.toolCallId = `${part.toolCallId}-${i}`;
    }
    out.push(source);
    parentId = id;
  }
  const last = out[out.length - 1].message;
  last.parts = last.parts.filter((part) => part.type !== 'text');
  last.parts.push({ type: 'text', text: lastText });
  file.messages = out;
  file.runs = [];
  file.compactions = [];
  file.session.title = `Bench ${count} messages`;
  file.session.settings = { ...file.session.settings, ...BENCH_SETTINGS };
  file.activeLeafId = parentId;
  const response = await fetch(`${app.url}/api/sessions/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(file) });
  if (response.status !== 201) throw new Error(`import of ${count} messages: ${response.status} ${(await response.text()).slice(0, 500)}`);
  return { sessionId: (await response.json()).session.id, messages: out.map((m) => m.message) };
}
