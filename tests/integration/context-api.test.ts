/**
 * Context management through the real route handlers: the meter, auto-compaction
 * at loop entry, /compact with a focus, undo, pins and the hard limit, against
 * a temp SQLite file and the scripted server.
 */
import { describe, expect, it } from 'vitest';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import type { CompactionResponse, ContextReport } from '@/lib/api-types';
import { SUMMARY_MESSAGE_PREFIX } from '@/lib/context/view';
import { params, patch, post, readChunks, setupAppHarness } from '../support/app-harness';

const app = setupAppHarness({
  name: 'context',
  routes: ['context', 'compact', 'undo', 'message'],
  env: { OPENAI_API_KEY: 'sk-test-never-leaks' },
});
const { api } = app;

async function newSession(settings: Record<string, unknown> = {}): Promise<string> {
  const id = await app.newSession();
  if (Object.keys(settings).length) {
    const updated = await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ settings })), params({ id }));
    expect(updated.status).toBe(200);
  }
  return id;
}

async function send(sessionId: string, text: string): Promise<AgentUIMessageChunk[]> {
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  return readChunks(response);
}

async function context(id: string): Promise<ContextReport> {
  const response = await api.context.GET(new Request(`http://app/api/sessions/${id}/context`), params({ id }));
  expect(response.status).toBe(200);
  return (await response.json()).context;
}

const messages = app.sessionMessages;

const runEnd = (chunks: AgentUIMessageChunk[]) => chunks.find((c) => c.type === 'data-run-end') as { data: { reason: string; message: string } } | undefined;
const filler = (tag: string, chars: number) => `${tag} ${'lorem ipsum '.repeat(Math.ceil(chars / 12))}`.slice(0, chars);
const requestText = (body: unknown) => JSON.stringify(body);

describe('the context meter', () => {
  it('reports the last step’s provider-reported input plus its output, with the window and thresholds', async () => {
    const id = await newSession({ contextWindowOverride: 4_000 });
    const chunks = await send(id, '[[scenario:text?text=short%20answer&inputTokens=3300]]');
    expect(runEnd(chunks)?.data.reason).toBe('completed');
    const report = await context(id);
    // 3,300 reported input + 2 output deltas; nothing was added since, so it is exact.
    expect(report).toMatchObject({ tokens: 3_302, estimated: false, reportedTokens: 3_302, window: 4_000, windowSource: 'override', level: 'warn' });
    expect(report.thresholds).toMatchObject({ warnAt: 3_200, compactAt: 3_600, compactTarget: 3_280, hardLimit: 3_800 });
    expect(report.untilCompaction).toBe(298);
    expect(report.usage).toMatchObject({ inputTokens: 3_300, outputTokens: 2 });
  });

  it('is 404 for an unknown session', async () => {
    const response = await api.context.GET(new Request('http://app/api/sessions/nope/context'), params({ id: 'nope' }));
    expect(response.status).toBe(404);
  });

  it('shows the same number the compaction trigger decides with', async () => {
    const id = await newSession({ contextWindowOverride: 4_000 });
    await send(id, '[[scenario:text?text=one%20two&inputTokens=1200]]');
    const meter = await context(id);
    // Ask the run's seam, built on the same stored history, what it measures before the first model call.
    const { createContextSeam } = await import('@/lib/server/context-seam');
    const { getAppDb } = await import('@/lib/server/db');
    const { builtinTools } = await import('@/lib/tools');
    const { agentInstructions } = await import('@/lib/server/instructions');
    const { toModelMessages } = await import('@/lib/server/session-context');
    const { resolveSettings } = await import('@/lib/agent/settings');
    const written: AgentUIMessageChunk[] = [];
    const instructions = agentInstructions();
    const seam = await createContextSeam({
      db: await getAppDb(),
      ownerId: 'local',
      sessionId: id,
      runId: 'run-check',
      modelKey: 'compat:scripted-chat',
      history: await messages(id),
      settings: { contextWindowOverride: 4_000 },
      tools: builtinTools(),
      instructions,
      summarizer: async () => ({ text: 'unused', model: 'none' }),
      write: (chunk) => written.push(chunk),
      generateId: () => 'cmp-check',
    });
    const modelMessages = await toModelMessages(seam.view, builtinTools(), resolveSettings({}));
    const decision = await seam.compact({
      reason: 'budget',
      attempt: 0,
      instructions,
      messages: modelMessages,
      lastInputTokens: undefined,
      messagesAtLastMeasure: 0,
      estimatedInputTokens: 0,
      modelId: 'scripted-chat',
      signal: new AbortController().signal,
    });
    expect(decision).toBeNull();
    const measured = written.find((c) => c.type === 'data-context');
    // The notice is what the page's meter draws during a run: every figure it shows agrees with the report.
    // (The breakdown's shares differ: this seam was built with other instructions and tools than the session's.)
    const { tokens, estimated, reportedTokens, window, level, percent, untilCompaction } = meter;
    const notice = measured?.type === 'data-context' ? measured.data : undefined;
    expect(notice).toMatchObject({ tokens, estimated, reportedTokens, window, level, percent, untilCompaction });
    expect(Object.values(notice!.breakdown).reduce((sum, part) => sum + part, 0)).toBeCloseTo(tokens, 0);
  });
});

describe('auto-compaction at loop entry', () => {
  it('compacts when the next request would pass 90%, sends the summary instead of the span, and the run continues', async () => {
    const id = await newSession({ contextWindowOverride: 4_000 });
    await send(id, 'TASK: write the quarterly report [[scenario:text?text=Understood.]]');
    await send(id, `${filler('OLDSPAN-ALPHA', 1_500)} [[scenario:text?text=noted]]`);
    await send(id, `${filler('OLDSPAN-BETA', 500)} [[scenario:text?text=noted%20again]]`);
    await send(id, 'recent one [[scenario:text?text=recent%20answer&inputTokens=3700]]');
    expect((await context(id)).level).toBe('warn');
    app.scripted.reset();

    const chunks = await send(id, 'continue please [[scenario:text?text=continuing%20the%20work]]');
    expect(runEnd(chunks)?.data.reason).toBe('completed');
    const notice = chunks.find((c) => c.type === 'data-compaction') as { data: { id: string; tokensBefore: number; tokensAfter: number } };
    expect(notice.data.tokensBefore).toBeGreaterThan(3_600);
    expect(notice.data.tokensAfter).toBeLessThanOrEqual(3_280);

    const [summaryRequest, modelRequest] = app.scripted.requests();
    expect(requestText(summaryRequest.body)).toContain('OLDSPAN-ALPHA');
    expect(requestText(modelRequest.body)).toContain(SUMMARY_MESSAGE_PREFIX);
    expect(requestText(modelRequest.body)).not.toContain('OLDSPAN-ALPHA');
    expect(requestText(modelRequest.body)).toContain('TASK: write the quarterly report');
    expect(requestText(modelRequest.body)).toContain('recent one');

    // Nothing was deleted: the transcript keeps every original message.
    const stored = await messages(id);
    expect(JSON.stringify(stored)).toContain('OLDSPAN-ALPHA');
    const report = await context(id);
    expect(report.compactions).toHaveLength(1);
    expect(report.compactions[0]).toMatchObject({ trigger: 'auto', active: true, undoneAt: null });
    expect(report.compactions[0].record.summary).toBeTruthy();
    expect(report.tokens).toBeLessThan(3_280);
  });

  it('ends the run with "context limit exceeded" when even compaction cannot fit', async () => {
    const id = await newSession({ contextWindowOverride: 1_000 });
    const chunks = await send(id, `${filler('HUGE', 8_000)} [[scenario:text]]`);
    const end = runEnd(chunks);
    expect(end?.data.reason).toBe('context-limit');
    expect(end?.data.message).toMatch(/^Context limit exceeded: .* Compact harder with \/compact, or start a new session from a summary\.$/);
    expect(app.scripted.requests().some((r) => requestText(r.body).includes('HUGE'))).toBe(false);
  });
});

describe('/compact, undo and pins', () => {
  async function longSession() {
    const id = await newSession({ contextWindowOverride: 100_000 });
    await send(id, 'TASK: migrate the database [[scenario:text?text=ok]]');
    await send(id, `${filler('MIDDLE-ONE', 800)} [[scenario:text?text=first%20reply]]`);
    await send(id, `${filler('MIDDLE-TWO', 800)} [[scenario:text?text=second%20reply]]`);
    await send(id, 'recent A [[scenario:text?text=reply%20A]]');
    await send(id, 'recent B [[scenario:text?text=reply%20B]]');
    return id;
  }

  it('summarizes on demand with the user’s focus in the summarizer prompt', async () => {
    const id = await longSession();
    app.scripted.reset();
    const response = await api.compact.POST(new Request(`http://app/api/sessions/${id}/compact`, post({ focus: 'the schema changes' })), params({ id }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as CompactionResponse;
    expect(body.compaction).toMatchObject({ trigger: 'manual', active: true });
    expect(body.compaction!.record).toMatchObject({ focus: 'the schema changes', tiers: ['summarize'] });
    const [summaryRequest] = app.scripted.requests();
    expect(requestText(summaryRequest.body)).toContain('The user asked you to focus on: the schema changes');
    expect(requestText(summaryRequest.body)).toContain('MIDDLE-ONE');

    // The next model request carries the summary, not the span.
    app.scripted.reset();
    await send(id, 'next [[scenario:text?text=fine]]');
    const next = requestText(app.scripted.requests()[0].body);
    expect(next).toContain(SUMMARY_MESSAGE_PREFIX);
    expect(next).not.toContain('MIDDLE-ONE');
  });

  it('undo restores the full context for the next request, once', async () => {
    const id = await longSession();
    const before = await context(id);
    const compacted = (await (await api.compact.POST(new Request(`http://app/api/sessions/${id}/compact`, post({})), params({ id }))).json()) as CompactionResponse;
    // The view changed, so the meter estimates it afresh until the next step reports.
    expect(compacted.context.estimated).toBe(true);
    const cid = compacted.compaction!.id;
    const undo = () => api.undo.POST(new Request(`http://app/api/sessions/${id}/compactions/${cid}/undo`, { method: 'POST' }), params({ id, compactionId: cid }));
    const response = await undo();
    expect(response.status).toBe(200);
    const body = (await response.json()) as CompactionResponse;
    // Back to the full history: the provider's figure from before applies again.
    expect(body.context).toMatchObject({ tokens: before.tokens, estimated: false });
    expect(body.context.compactions[0]).toMatchObject({ id: cid, active: false });
    expect(body.warning).toBeUndefined();
    expect((await undo()).status).toBe(404);

    app.scripted.reset();
    await send(id, 'next [[scenario:text?text=fine]]');
    expect(requestText(app.scripted.requests()[0].body)).toContain('MIDDLE-ONE');
  });

  it('warns when the restored context no longer fits', async () => {
    const id = await longSession();
    const compacted = (await (await api.compact.POST(new Request(`http://app/api/sessions/${id}/compact`, post({})), params({ id }))).json()) as CompactionResponse;
    const shrink = await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ settings: { contextWindowOverride: 600 } })), params({ id }));
    expect(shrink.status).toBe(200);
    const cid = compacted.compaction!.id;
    const body = (await (await api.undo.POST(new Request('http://app/x', { method: 'POST' }), params({ id, compactionId: cid }))).json()) as CompactionResponse;
    expect(body.warning).toMatch(/restored context .* above the (hard limit|auto-compaction threshold)/);
  });

  it('keeps a pinned message verbatim through compaction', async () => {
    const id = await longSession();
    const pinnedId = (await messages(id)).find((m) => JSON.stringify(m).includes('MIDDLE-ONE'))!.id;
    const pin = await api.message.PATCH(new Request('http://app/x', patch({ pinned: true })), params({ id, messageId: pinnedId }));
    expect(pin.status).toBe(200);
    const body = (await (await api.compact.POST(new Request('http://app/x', post({})), params({ id }))).json()) as CompactionResponse;
    expect(body.compaction!.record.summarizedIds).not.toContain(pinnedId);
    expect((await context(id)).pinned).toEqual([pinnedId]);
    app.scripted.reset();
    await send(id, 'next [[scenario:text?text=fine]]');
    const next = requestText(app.scripted.requests()[0].body);
    expect(next).toContain('MIDDLE-ONE');
    expect(next).not.toContain('MIDDLE-TWO');
  });

  it('validates pins and compact requests', async () => {
    const id = await newSession();
    expect((await api.message.PATCH(new Request('http://app/x', patch({ pinned: 'yes' })), params({ id, messageId: 'm' }))).status).toBe(400);
    expect((await api.message.PATCH(new Request('http://app/x', patch({ pinned: true })), params({ id, messageId: 'missing' }))).status).toBe(404);
    expect((await api.compact.POST(new Request('http://app/x', post({ focus: 1 })), params({ id }))).status).toBe(400);
    expect((await api.compact.POST(new Request('http://app/x', post({})), params({ id: 'nope' }))).status).toBe(404);
    const nothing = (await (await api.compact.POST(new Request('http://app/x', post({})), params({ id }))).json()) as CompactionResponse;
    expect(nothing.compaction).toBeUndefined();
    expect(nothing.warning).toMatch(/Nothing to compact yet/);
  });
});
