// @ts-check
// Scenario catalogue. Each scenario turns (request info, params) into an
// API-neutral Plan; chat-writer.mjs / responses-writer.mjs render the same
// Plan in each wire format, so both APIs behave alike for a given scenario.

/**
 * @typedef {import('./request.mjs').RequestInfo} RequestInfo
 * @typedef {{ kind: 'reasoning', deltas: string[], redacted?: string }
 *   | { kind: 'text', deltas: string[] }
 *   | { kind: 'tool', callId: string, name: string, argDeltas: string[] }} Part
 * @typedef {{ input: number, cached: number, cacheWrite: number, output: number, reasoning: number }} Usage
 *   input counts every input token, cached (read) and cache-written ones included, as the AI SDK reports it
 * @typedef {{
 *   type: 'stream',
 *   parts: Part[],
 *   finish: 'stop' | 'length' | 'tool-calls',
 *   usage: Usage | null,
 *   delayMs: number,
 *   reasoningField: 'reasoning_content' | 'reasoning',
 *   cut?: { afterDeltas: number, kind: 'error' | 'drop' | 'stall' | 'malformed', message: string, dropDelayMs: number },
 *   stamp?: boolean,
 *   onSchedule?: boolean,
 * }} StreamPlan
 * @typedef {{ type: 'http-error', status: number, message: string, headers: Record<string, string> }} HttpErrorPlan
 * @typedef {{ type: 'replay', file: string, delayMs: number }} ReplayPlan
 * @typedef {StreamPlan | HttpErrorPlan | ReplayPlan} Plan
 * @typedef {{ info: RequestInfo, params: Record<string, string>, bump: (key: string) => number }} ScenarioContext
 */

export const SCENARIOS = [
  'default', 'text', 'tool', 'parallel-tools', 'loop', 'reasoning', 'length', 'http-error',
  'midstream-error', 'drop', 'slow', 'usage-less', 'replay', 'sequence', 'stall', 'malformed', 'paced',
];

/** In a `paced` token with stamp=1, replaced by the send time when the frame goes out (sse.mjs). */
export const STAMP_PLACEHOLDER = '@@stamp@@';

/** Splits into word-sized deltas (keeps whitespace), like real token streams. */
export function wordDeltas(/** @type {string} */ text) {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/** Splits JSON arguments into small fragments so clients must reassemble them. */
function argDeltas(/** @type {string} */ json, size = 3) {
  const out = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out.length ? out : [''];
}

/** The user's words without the marker, for echoing back. */
function userSnippet(/** @type {RequestInfo} */ info) {
  const t = info.lastUserText.replace(/\[\[scenario:[^\]]*\]\]/g, '').trim();
  return t.length > 80 ? `${t.slice(0, 80)}…` : t || '(empty message)';
}

const num = (/** @type {string | undefined} */ v, /** @type {number} */ d) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? d : Number(v));

/**
 * Deterministic usage so tests can assert exact numbers. Output tokens are
 * one per delta; `inputTokens` / `cachedTokens` params override the input side.
 * @param {ScenarioContext} ctx @param {Part[]} parts
 * @returns {Usage}
 */
function usageFor(ctx, parts) {
  let reasoning = 0;
  let output = 0;
  for (const p of parts) {
    const n = p.kind === 'tool' ? p.argDeltas.length : p.deltas.length;
    output += n;
    if (p.kind === 'reasoning') reasoning += n;
  }
  return {
    input: num(ctx.params.inputTokens, Math.ceil(ctx.info.inputChars / 4)),
    cached: num(ctx.params.cachedTokens, 0),
    cacheWrite: num(ctx.params.cacheWriteTokens, 0),
    output,
    reasoning,
  };
}

/** @param {ScenarioContext} ctx @param {Part[]} parts @param {Partial<StreamPlan>} [extra] @returns {StreamPlan} */
function streamPlan(ctx, parts, extra = {}) {
  return {
    type: 'stream',
    parts,
    finish: 'stop',
    usage: usageFor(ctx, parts),
    delayMs: num(ctx.params.delayMs, 0),
    reasoningField: ctx.params.field === 'reasoning' ? 'reasoning' : 'reasoning_content',
    ...extra,
  };
}

const text = (/** @type {string} */ s) => /** @type {Part} */ ({ kind: 'text', deltas: wordDeltas(s) });

function defaultText(/** @type {ScenarioContext} */ ctx) {
  return ctx.params.text ?? `**Echo:** ${userSnippet(ctx.info)}`;
}

function markdownText(/** @type {ScenarioContext} */ ctx) {
  return (
    ctx.params.text ??
    [
      '## Scripted answer',
      '',
      `You said: _${userSnippet(ctx.info)}_`,
      '',
      '- first **bold** point',
      '- second point with `inline code`',
      '',
      '```ts',
      'const answer = 42;',
      '```',
      '',
      'That is all.',
    ].join('\n')
  );
}

/** Call ids differ per round (count of earlier tool results) yet stay deterministic. */
const callId = (/** @type {ScenarioContext} */ ctx, /** @type {number} */ i) => `call_${ctx.info.toolResultCount}_${i}`;

/** Second turn of tool scenarios: quote every tool result verbatim (or say `answer`, when given). */
function toolResultAnswer(/** @type {ScenarioContext} */ ctx) {
  if (ctx.params.answer !== undefined) return streamPlan(ctx, [text(ctx.params.answer)]);
  const lines = ctx.info.toolResultsAfterLastUser.map((r) => `Tool \`${r.name ?? r.callId}\` returned: ${r.output}`);
  return streamPlan(ctx, [text(lines.join('\n\n'))]);
}

/** @type {Record<string, (ctx: ScenarioContext) => Plan>} */
const builders = {
  default: (ctx) => streamPlan(ctx, [text(defaultText(ctx))]),

  text: (ctx) => streamPlan(ctx, [text(markdownText(ctx))]),

  tool: (ctx) => {
    if (ctx.info.toolResultsAfterLastUser.length) return toolResultAnswer(ctx);
    const name = ctx.params.tool ?? ctx.info.toolNames[0] ?? 'tool';
    const parts = [{ kind: 'tool', callId: callId(ctx, 0), name, argDeltas: argDeltas(ctx.params.args ?? '{}') }];
    return streamPlan(ctx, /** @type {Part[]} */ (parts), { finish: 'tool-calls' });
  },

  'parallel-tools': (ctx) => {
    if (ctx.info.toolResultsAfterLastUser.length) return toolResultAnswer(ctx);
    const [first = 'tool', second = first] = ctx.info.toolNames;
    // count=N makes N calls (default 2); toolK/argsK set call K (1-based); text=… comes first.
    const count = Math.max(1, num(ctx.params.count, 2));
    const parts = Array.from({ length: count }, (_, index) => ({
      kind: 'tool',
      callId: callId(ctx, index),
      name: ctx.params[`tool${index + 1}`] ?? (index === 0 ? first : second),
      argDeltas: argDeltas(ctx.params[`args${index + 1}`] ?? '{}'),
    }));
    const lead = ctx.params.text ? [text(ctx.params.text)] : [];
    return streamPlan(ctx, /** @type {Part[]} */ ([...lead, ...parts]), { finish: 'tool-calls' });
  },

  // A stuck agent: the same tool call on every turn, whatever the results say (for the loop guard).
  loop: (ctx) => {
    const name = ctx.params.tool ?? ctx.info.toolNames[0] ?? 'tool';
    const parts = [{ kind: 'tool', callId: callId(ctx, 0), name, argDeltas: argDeltas(ctx.params.args ?? '{}') }];
    return streamPlan(ctx, /** @type {Part[]} */ (parts), { finish: 'tool-calls' });
  },

  // A scripted agent working through several steps: one call per turn, in order, then text quoting the results.
  sequence: (ctx) => {
    /** @type {unknown} */
    let calls;
    try {
      calls = JSON.parse(ctx.params.calls ?? '');
    } catch {
      throw new ScenarioError('sequence needs calls=<JSON array of {"tool": NAME, "args": {...}}> (URL-encoded)');
    }
    if (!Array.isArray(calls) || calls.some((c) => !c || typeof c.tool !== 'string')) {
      throw new ScenarioError('sequence: calls must be a JSON array of {"tool": NAME, "args": {...}}');
    }
    const turn = ctx.info.toolResultsAfterLastUser.length;
    if (turn >= calls.length) return toolResultAnswer(ctx);
    const { tool, args } = calls[turn];
    const parts = [{ kind: 'tool', callId: callId(ctx, 0), name: tool, argDeltas: argDeltas(JSON.stringify(args ?? {})) }];
    return streamPlan(ctx, /** @type {Part[]} */ (parts), { finish: 'tool-calls' });
  },

  reasoning: (ctx) =>
    streamPlan(ctx, [
      ...(ctx.params.redacted !== undefined ? [{ kind: /** @type {const} */ ('reasoning'), deltas: [], redacted: ctx.params.redacted || 'redacted-thinking-data' }] : []),
      { kind: 'reasoning', deltas: wordDeltas(ctx.params.reasoning ?? 'Let me think about this step by step. The user wants a short answer.') },
      text(ctx.params.text ?? `Here is my answer to: ${userSnippet(ctx.info)}`),
    ]),

  length: (ctx) =>
    streamPlan(ctx, [text(ctx.params.text ?? 'This answer is cut off because the output token limit was')], { finish: 'length' }),

  'http-error': (ctx) => {
    const times = ctx.params.times === undefined ? Infinity : num(ctx.params.times, 1);
    if (times !== Infinity) {
      // Per-conversation counter: fail the first `times` requests, then answer.
      const n = ctx.bump(`http-error:${ctx.params.key ?? ctx.info.firstUserText}`);
      if (n > times) return streamPlan(ctx, [text(ctx.params.text ?? `Recovered after ${times} failed attempt(s).`)]);
    }
    const status = num(ctx.params.status, 500);
    /** @type {Record<string, string>} */
    const headers = {};
    if (status === 429) headers['retry-after'] = String(num(ctx.params.retryAfter, 1));
    if (ctx.params.retryAfterMs !== undefined) headers['retry-after-ms'] = String(num(ctx.params.retryAfterMs, 0));
    return { type: 'http-error', status, message: ctx.params.message ?? `Scripted HTTP ${status} error`, headers };
  },

  'midstream-error': (ctx) =>
    streamPlan(ctx, [text(markdownText(ctx))], {
      cut: { afterDeltas: num(ctx.params.after, 3), kind: 'error', message: ctx.params.message ?? 'Scripted mid-stream failure', dropDelayMs: 0 },
    }),

  drop: (ctx) =>
    streamPlan(ctx, [text(markdownText(ctx))], {
      cut: { afterDeltas: num(ctx.params.after, 3), kind: 'drop', message: '', dropDelayMs: num(ctx.params.dropDelayMs, 50) },
    }),

  // A provider that goes silent with the connection open: headers only (after=0), or some deltas and then nothing.
  stall: (ctx) =>
    failFirst(ctx, 'stall') ??
    streamPlan(ctx, [text(markdownText(ctx))], { cut: { afterDeltas: num(ctx.params.after, 0), kind: 'stall', message: '', dropDelayMs: 0 } }),

  // One frame that is not JSON, mid-stream; everything before and after it is a normal, complete answer.
  malformed: (ctx) =>
    failFirst(ctx, 'malformed') ??
    streamPlan(ctx, [text(markdownText(ctx))], {
      cut: { afterDeltas: num(ctx.params.after, 3), kind: 'malformed', message: ctx.params.frame ?? '', dropDelayMs: 0 },
    }),

  slow: (ctx) => {
    const chunks = num(ctx.params.chunks, 100);
    const deltas = Array.from({ length: chunks }, (_, i) => `w${i} `);
    return streamPlan(ctx, [{ kind: 'text', deltas }], { delayMs: num(ctx.params.delayMs, 100) });
  },

  // The bench's agent (npm run bench): `tokens` text tokens spread over `steps` tool steps and a final answer,
  // every frame `delayMs` apart. With stamp=1 each token is `tk<ms>x<µs>`, its send time (epoch, performance clock);
  // with markup=1 every tenth token is bold; with pace=schedule frame n goes out n × delayMs after the first, whatever
  // the machine's load (tests/scripted-server/sse.mjs).
  // `$step` in args becomes the step's number and `calls` can alternate tools, so the calls differ (an agent's loop
  // guard stops repeated ones).
  paced: (ctx) => {
    const tokens = Math.max(0, num(ctx.params.tokens, 100));
    const steps = Math.max(0, num(ctx.params.steps, 0));
    const turn = ctx.info.toolResultsAfterLastUser.length;
    const share = Math.floor(tokens / (steps + 1)) + (turn < tokens % (steps + 1) ? 1 : 0);
    const plain = ctx.params.stamp === '1' ? () => `tk${STAMP_PLACEHOLDER}` : (/** @type {number} */ i) => `w${i}`;
    // markup=1: every tenth token bold, so the answer's paragraph holds markdown from its first token on.
    const word = (/** @type {number} */ i) => (ctx.params.markup === '1' && i % 10 === 0 ? `**${plain(i)}** ` : `${plain(i)} `);
    /** @type {Part[]} */
    const parts = share ? [{ kind: 'text', deltas: Array.from({ length: share }, (_, i) => word(i)) }] : [];
    const last = turn >= steps;
    if (!last) {
      // calls=[{tool, args}, …] are made in turn, round and round; else the one `tool` with `args`.
      /** @type {{ tool?: string, args?: unknown }[]} */
      const calls = ctx.params.calls ? JSON.parse(ctx.params.calls) : [{ tool: ctx.params.tool, args: ctx.params.args === undefined ? {} : JSON.parse(ctx.params.args) }];
      const call = calls[turn % calls.length] ?? {};
      const args = JSON.stringify(call.args ?? {}).replaceAll('$step', String(turn + 1));
      parts.push({ kind: 'tool', callId: callId(ctx, 0), name: call.tool ?? ctx.info.toolNames[0] ?? 'tool', argDeltas: argDeltas(args, 64) });
    }
    if (!parts.length) parts.push(text('Done.'));
    return streamPlan(ctx, parts, { finish: last ? 'stop' : 'tool-calls', stamp: ctx.params.stamp === '1', onSchedule: ctx.params.pace === 'schedule' });
  },

  'usage-less': (ctx) => streamPlan(ctx, [text(defaultText(ctx))], { usage: null }),

  replay: (ctx) => {
    if (!ctx.params.file) throw new ScenarioError('replay needs a file=<path relative to the wire dir> param');
    return { type: 'replay', file: ctx.params.file, delayMs: num(ctx.params.delayMs, 0) };
  },
};

/**
 * With `times=N`, only the first N requests per `key` (default: the first user message) misbehave;
 * later ones get a plain text answer (`text`, or "Recovered after N failed attempt(s)."). Without it, every request does.
 * @param {ScenarioContext} ctx @param {string} name @returns {StreamPlan | undefined}
 */
function failFirst(ctx, name) {
  if (ctx.params.times === undefined) return undefined;
  const times = num(ctx.params.times, 1);
  const n = ctx.bump(`${name}:${ctx.params.key ?? ctx.info.firstUserText}`);
  return n > times ? streamPlan(ctx, [text(ctx.params.recovered ?? `Recovered after ${times} failed attempt(s).`)]) : undefined;
}

/** A bad scenario request (unknown name, missing param): reported as HTTP 400. */
export class ScenarioError extends Error {}

/** @param {string} name @param {ScenarioContext} ctx @returns {Plan} */
export function buildPlan(name, ctx) {
  const build = builders[name];
  if (!build) throw new ScenarioError(`unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
  const plan = build(ctx);
  // `reasoning=…` on any other streaming scenario: the model thinks first (a thinking model calling tools).
  // `redacted=DATA` adds an Anthropic redacted_thinking block (other APIs: ignored) before it.
  if (plan.type === 'stream' && name !== 'reasoning' && (ctx.params.reasoning !== undefined || ctx.params.redacted !== undefined)) {
    /** @type {Part[]} */
    const lead = [];
    if (ctx.params.redacted !== undefined) lead.push({ kind: 'reasoning', deltas: [], redacted: ctx.params.redacted || 'redacted-thinking-data' });
    if (ctx.params.reasoning !== undefined) lead.push({ kind: 'reasoning', deltas: wordDeltas(ctx.params.reasoning) });
    plan.parts.unshift(...lead);
    plan.usage = plan.usage && usageFor(ctx, plan.parts);
  }
  return plan;
}
