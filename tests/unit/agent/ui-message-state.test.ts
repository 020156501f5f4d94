import { describe, expect, it } from 'vitest';
import { createUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { UIMessageChunkError, UIMessageState } from '@/lib/agent/ui-message-state';
import type { AgentUIMessage, AgentUIMessageChunk } from '@/lib/agent/messages';

/**
 * A run's message is built from its chunks without the SDK's stream (lib/agent/ui-message-state.ts). These hold it to
 * the messages the SDK's createUIMessageStream hands its `onStepEnd` (at every `finish-step`) and `onEnd` for the
 * same chunks: what the server saved before, and what useChat builds in the browser. Equal as objects (undefined
 * keys included) and as the JSON the database stores (key order included).
 */

type Built = { steps: AgentUIMessage[]; end: AgentUIMessage };
const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Go.' }] };
const asChunks = (chunks: UIMessageChunk[]) => chunks as AgentUIMessageChunk[];

async function viaSdk(chunks: UIMessageChunk[], lastMessage?: UIMessage): Promise<Built> {
  const steps: AgentUIMessage[] = [];
  let end: AgentUIMessage | undefined;
  const stream = createUIMessageStream<AgentUIMessage>({
    originalMessages: (lastMessage ? [user, structuredClone(lastMessage)] : [user]) as AgentUIMessage[],
    generateId: () => 'msg-generated',
    execute: ({ writer }) => asChunks(chunks).forEach((chunk) => writer.write(chunk)),
    onStepEnd: ({ responseMessage }) => void steps.push(responseMessage),
    onEnd: ({ responseMessage }) => void (end = responseMessage),
  });
  const reader = stream.getReader();
  while (!(await reader.read()).done);
  return { steps, end: end! };
}

async function viaState(chunks: UIMessageChunk[], lastMessage?: UIMessage, errors: unknown[] = []): Promise<Built> {
  const state = new UIMessageState({ lastMessage: lastMessage && (structuredClone(lastMessage) as AgentUIMessage), messageId: 'msg-generated' }, (error) => errors.push(error));
  const steps: Promise<AgentUIMessage>[] = [];
  for (const chunk of asChunks(chunks)) {
    state.apply(chunk);
    if (chunk.type === 'finish-step') steps.push(state.snapshot());
  }
  return { steps: await Promise.all(steps), end: await state.settled() };
}

async function expectSame(chunks: UIMessageChunk[], lastMessage?: UIMessage) {
  const errors: unknown[] = [];
  const [sdk, ours] = await Promise.all([viaSdk(chunks, lastMessage), viaState(chunks, lastMessage, errors)]);
  expect(errors).toEqual([]);
  expect(ours).toStrictEqual(sdk);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(sdk));
  return ours;
}

const meta = (key: string) => ({ openai: { itemId: key } });

const cases: Record<string, UIMessageChunk[]> = {
  'text and reasoning, provider metadata replaced at the end, citations': [
    { type: 'start', messageId: 'msg-1', messageMetadata: { createdAt: 1 } },
    { type: 'start-step' },
    { type: 'reasoning-start', id: 'r1', providerMetadata: meta('rs_1') },
    { type: 'reasoning-delta', id: 'r1', delta: 'Thinking' },
    { type: 'reasoning-delta', id: 'r1', delta: ' hard', providerMetadata: meta('rs_1b') },
    { type: 'reasoning-end', id: 'r1', providerMetadata: meta('rs_1c') },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: 'Hel' },
    { type: 'text-delta', id: 't1', delta: 'lo' },
    { type: 'text-end', id: 't1', providerMetadata: meta('msg_1'), citations: [{ source: { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com' }, startIndex: 0, endIndex: 5 }] } as UIMessageChunk,
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'stop', messageMetadata: { finishedAt: 2 } },
  ],
  'a static tool whose input streams as JSON, with preliminary and final output': [
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'read_file', title: 'Read', providerMetadata: meta('fc_1') },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"pa' },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'th": "a.t' },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'xt", "n": [1, 2' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.txt', n: [1, 2] }, providerMetadata: meta('fc_1b') },
    { type: 'tool-output-available', toolCallId: 'c1', output: { partial: true }, preliminary: true },
    { type: 'tool-output-available', toolCallId: 'c1', output: { content: 'hi' }, providerMetadata: meta('res_1') },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'text-start', id: 't2' },
    { type: 'text-delta', id: 't2', delta: 'Done.' },
    { type: 'text-end', id: 't2' },
    { type: 'finish-step' },
    { type: 'finish' },
  ],
  'dynamic tools: output, error, and an input error on a call never started': [
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId: 'd1', toolName: 'mcp__x', dynamic: true, title: 'X' },
    { type: 'tool-input-delta', toolCallId: 'd1', inputTextDelta: '{"q":' },
    { type: 'tool-input-available', toolCallId: 'd1', toolName: 'mcp__x', input: { q: 1 }, dynamic: true },
    { type: 'tool-output-available', toolCallId: 'd1', output: 'ok', dynamic: true },
    { type: 'tool-input-available', toolCallId: 'd2', toolName: 'mcp__y', input: {}, dynamic: true, toolMetadata: { server: 'y' } } as UIMessageChunk,
    { type: 'tool-output-error', toolCallId: 'd2', errorText: 'boom', dynamic: true },
    { type: 'tool-input-error', toolCallId: 'c9', toolName: 'nope', input: '{bad', errorText: 'Invalid input' },
    { type: 'tool-input-error', toolCallId: 'd3', toolName: 'mcp__z', input: 1, errorText: 'bad', dynamic: true },
    { type: 'finish-step' },
  ],
  'a streamed input cut off, closed with an error (the partial parse and raw input stay)': [
    { type: 'start-step' },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'write_file' },
    { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path":"a.md","content":"# Ti' },
    { type: 'tool-output-error', toolCallId: 'c1', errorText: 'The model stream ended.' },
    { type: 'tool-input-start', toolCallId: 'c2', toolName: 'shell', inputEncoding: 'text' } as UIMessageChunk,
    { type: 'tool-input-delta', toolCallId: 'c2', inputTextDelta: 'ls -' },
    { type: 'tool-input-delta', toolCallId: 'c2', inputTextDelta: 'la' },
    { type: 'tool-input-start', toolCallId: 'c3', toolName: 'mcp__q', dynamic: true },
    { type: 'tool-input-delta', toolCallId: 'c3', inputTextDelta: '[1, {"a": tr' },
    { type: 'tool-output-error', toolCallId: 'c3', errorText: 'cut' },
    { type: 'finish-step' },
  ],
  'approvals: requested with every field, answered, denied': [
    { type: 'start-step' },
    { type: 'tool-input-available', toolCallId: 'c1', toolName: 'shell', input: { cmd: 'rm x' } },
    {
      type: 'tool-approval-request',
      toolCallId: 'c1',
      approvalId: 'a1',
      reason: 'Deletes a file',
      signature: 'sig',
      isAutomatic: true,
      inputSchemaInput: undefined,
      approvalDescriptor: { kind: 'shell' },
    } as UIMessageChunk,
    { type: 'tool-input-available', toolCallId: 'c2', toolName: 'shell', input: { cmd: 'ls' } },
    { type: 'tool-approval-request', toolCallId: 'c2', approvalId: 'a2' },
    { type: 'finish-step' },
    { type: 'tool-approval-response', approvalId: 'a1', approved: false, reason: 'No.' } as UIMessageChunk,
    { type: 'tool-output-denied', toolCallId: 'c1' },
    { type: 'tool-approval-response', approvalId: 'a2', approved: true, providerExecuted: false, providerMetadata: meta('ap') } as UIMessageChunk,
    { type: 'tool-output-available', toolCallId: 'c2', output: 'files', providerExecuted: false },
  ],
  'data parts (replaced by type and id, appended without, transient ones left out) and metadata merged deeply': [
    { type: 'start', messageMetadata: { createdAt: 5, usage: { inputTokens: 1, outputTokens: 2 } } },
    { type: 'data-tool-notice', id: 'n1', data: { text: 'one' } },
    { type: 'data-retry', data: { attempt: 1 } },
    { type: 'data-tool-notice', id: 'n1', data: { text: 'two' } },
    { type: 'data-retry', id: 'r', data: { attempt: 2 }, transient: true },
    { type: 'data-run-end', id: 'n1', data: { reason: 'completed' } },
    { type: 'message-metadata', messageMetadata: { usage: { outputTokens: 9 }, context: { used: 3 } } },
    { type: 'message-metadata', messageMetadata: undefined },
    { type: 'finish', messageMetadata: { runEnd: { reason: 'completed' } } },
  ] as UIMessageChunk[],
  'files, sources, custom content, steering, errors and aborts': [
    { type: 'start-step' },
    { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AA==' },
    { type: 'reasoning-file', mediaType: 'image/png', url: 'data:image/png;base64,AB==', providerMetadata: meta('f') } as UIMessageChunk,
    { type: 'source-url', sourceId: 's1', url: 'https://a.example', title: 'A' },
    { type: 'source-document', sourceId: 's2', mediaType: 'application/pdf', title: 'Doc', filename: 'd.pdf' },
    { type: 'custom', kind: 'openai.compaction', providerMetadata: meta('c') } as UIMessageChunk,
    { type: 'steering-message', id: 'st1', parts: [{ type: 'text', text: 'Also check b.' }] } as UIMessageChunk,
    { type: 'error', errorText: 'shown, not kept' },
    { type: 'abort', reason: 'stopped' },
    { type: 'finish-step' },
  ],
  'a step reset drops its parts, the next step starts clean': [
    { type: 'start-step' },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: 'first' },
    { type: 'text-end', id: 't1' },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'text-start', id: 't2' },
    { type: 'text-delta', id: 't2', delta: 'half' },
    { type: 'tool-input-start', toolCallId: 'c1', toolName: 'read_file' },
    { type: 'reset-step' },
    { type: 'reset-step' },
    { type: 'text-start', id: 't2' },
    { type: 'text-delta', id: 't2', delta: 'again' },
    { type: 'text-end', id: 't2' },
    { type: 'finish-step' },
  ] as UIMessageChunk[],
};

describe('UIMessageState', () => {
  for (const [name, chunks] of Object.entries(cases)) {
    it(`builds the SDK's message: ${name}`, async () => {
      await expectSame(chunks);
    });
  }

  it('continues an assistant message: its open tool input streams on, its approvals are answered, its id stays', async () => {
    const last: UIMessage = {
      id: 'msg-earlier',
      role: 'assistant',
      metadata: { createdAt: 1, usage: { inputTokens: 4 } },
      parts: [
        { type: 'step-start' },
        { type: 'tool-shell', toolCallId: 'c0', state: 'approval-requested', input: { cmd: 'x' }, approval: { id: 'a0' } },
        { type: 'step-start' },
        { type: 'tool-read_file', toolCallId: 'c1', state: 'output-available', input: {}, output: 'x' },
        { type: 'tool-write_file', toolCallId: 'c2', state: 'input-streaming', input: { path: 'a' }, rawInput: '{"path":"a' },
        { type: 'dynamic-tool', toolName: 'mcp__x', toolCallId: 'c3', state: 'input-streaming', input: undefined },
      ],
    } as UIMessage;
    const built = await expectSame(
      [
        { type: 'tool-approval-response', approvalId: 'a0', approved: true },
        { type: 'tool-input-delta', toolCallId: 'c2', inputTextDelta: '.md"}' },
        { type: 'tool-input-delta', toolCallId: 'c3', inputTextDelta: '{}' },
        { type: 'tool-input-start', toolCallId: 'c4', toolName: 'read_file' },
        { type: 'message-metadata', messageMetadata: { usage: { outputTokens: 2 } } },
        { type: 'finish-step' },
        { type: 'finish' },
      ] as UIMessageChunk[],
      last,
    );
    expect(built.end.id).toBe('msg-earlier');
  });

  it('takes the id a start chunk names, and the one it was given otherwise', async () => {
    expect((await expectSame([{ type: 'start' }, { type: 'finish' }])).end.id).toBe('msg-generated');
    expect((await expectSame([{ type: 'start', messageId: 'msg-named' }, { type: 'finish' }])).end.id).toBe('msg-named');
  });

  it('applies chunks in order while a partial input is parsed, and a snapshot holds what came before it', async () => {
    const state = new UIMessageState({ messageId: 'm' });
    state.apply({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'read_file' } as AgentUIMessageChunk);
    state.apply({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"path":"a' });
    const before = state.snapshot();
    state.apply({ type: 'tool-input-available', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.md' } } as AgentUIMessageChunk);
    // Nothing applied past the parse yet: the part is as tool-input-start left it.
    expect(state.message.parts).toMatchObject([{ state: 'input-streaming', input: undefined }]);
    expect((await before).parts).toMatchObject([{ state: 'input-streaming', input: { path: 'a' }, rawInput: '{"path":"a' }]);
    expect((await state.settled()).parts).toMatchObject([{ state: 'input-available', input: { path: 'a.md' } }]);
  });

  it('reports a chunk the message cannot take, leaves it out, and applies the chunks after it', async () => {
    const errors: unknown[] = [];
    const built = await viaState(
      [
        { type: 'text-delta', id: 'nope', delta: 'lost' },
        { type: 'tool-output-available', toolCallId: 'missing', output: 1 },
        { type: 'tool-input-delta', toolCallId: 'missing', inputTextDelta: '{' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'kept' },
        { type: 'text-end', id: 't1' },
      ],
      undefined,
      errors,
    );
    expect(errors.map((error) => (error instanceof UIMessageChunkError ? error.chunkType : error))).toEqual(['text-delta', 'tool-invocation', 'tool-input-delta']);
    expect(built.end.parts).toEqual([{ type: 'text', text: 'kept', state: 'done' }]);
  });

  it('builds the same message as the SDK for seeded random runs', async () => {
    for (let seed = 1; seed <= 150; seed++) await expectSame(randomRun(seed));
  });
});

/** A valid run of chunks: steps of text, reasoning and tool calls (static or dynamic, streamed or not, every outcome), data parts and metadata. */
function randomRun(seed: number): UIMessageChunk[] {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const word = () => pick(['alpha', ' beta', ' γ', '\n', ' "q"', ' **b**', ' 42']);
  const out: UIMessageChunk[] = [{ type: 'start', messageMetadata: { createdAt: seed } }];
  let call = 0;
  const steps = 1 + Math.floor(rand() * 4);
  for (let step = 0; step < steps; step++) {
    out.push({ type: 'start-step' });
    const items = 1 + Math.floor(rand() * 4);
    for (let item = 0; item < items; item++) {
      const kind = pick(['text', 'reasoning', 'tool', 'tool', 'data', 'meta']);
      if (kind === 'text' || kind === 'reasoning') {
        const id = `${kind[0]}${step}-${item}`;
        out.push({ type: `${kind}-start`, id, ...(rand() < 0.3 ? { providerMetadata: meta(id) } : {}) } as UIMessageChunk);
        for (let n = Math.floor(rand() * 5); n > 0; n--) out.push({ type: `${kind}-delta`, id, delta: word() } as UIMessageChunk);
        out.push({ type: `${kind}-end`, id, ...(rand() < 0.3 ? { providerMetadata: meta(`${id}-end`) } : {}) } as UIMessageChunk);
      } else if (kind === 'tool') {
        const toolCallId = `c${++call}`;
        const dynamic = rand() < 0.3;
        const toolName = dynamic ? 'mcp__search' : pick(['read_file', 'shell']);
        const input = { path: `f${call}.txt`, lines: [1, call], deep: { ok: rand() < 0.5 } };
        const flags = dynamic ? { dynamic: true } : {};
        if (rand() < 0.6) {
          out.push({ type: 'tool-input-start', toolCallId, toolName, ...flags, ...(rand() < 0.3 ? { title: 'T' } : {}) } as UIMessageChunk);
          const json = JSON.stringify(input);
          for (let at = 0; at < json.length; ) {
            const next = Math.min(json.length, at + 1 + Math.floor(rand() * 9));
            out.push({ type: 'tool-input-delta', toolCallId, inputTextDelta: json.slice(at, next) });
            at = next;
          }
        }
        out.push({ type: 'tool-input-available', toolCallId, toolName, input, ...flags, ...(rand() < 0.3 ? { providerMetadata: meta(toolCallId) } : {}) } as UIMessageChunk);
        const outcome = pick(['output', 'output', 'error', 'denied', 'approved']);
        if (outcome === 'denied' || outcome === 'approved') {
          out.push({ type: 'tool-approval-request', toolCallId, approvalId: `a${call}` });
          out.push({ type: 'tool-approval-response', approvalId: `a${call}`, approved: outcome === 'approved' });
        }
        if (outcome === 'denied') out.push({ type: 'tool-output-denied', toolCallId });
        else if (outcome === 'error') out.push({ type: 'tool-output-error', toolCallId, errorText: `failed ${call}`, ...flags } as UIMessageChunk);
        else out.push({ type: 'tool-output-available', toolCallId, output: { n: call }, ...flags } as UIMessageChunk);
      } else if (kind === 'data') {
        out.push({ type: 'data-tool-notice', id: `n${Math.floor(rand() * 2)}`, data: { text: word() } } as UIMessageChunk);
      } else {
        out.push({ type: 'message-metadata', messageMetadata: { usage: { outputTokens: Math.floor(rand() * 100) }, step } });
      }
    }
    out.push({ type: 'finish-step' });
  }
  out.push({ type: 'finish', messageMetadata: { runEnd: { reason: 'completed' } } });
  return out;
}
