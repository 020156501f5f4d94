import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { evaluateExpression } from '@/lib/tools/calculator';

/**
 * The offline demo model: it plays scripted agent runs (reasoning, tool calls,
 * a markdown answer) so a newcomer can explore the UI without a key. It never
 * reaches the network. Its script reads the prompt: a new user message gets
 * reasoning and tool calls; tool results get a markdown answer that uses them.
 */

const DEMO_DELAY_MS = 18;
const DEMO_CHUNK_CHARS = 5;
const DEFAULT_EXPRESSION = '(17 * 23) + sqrt(144)';

type Script = { reasoning?: string; text?: string; toolCalls?: Array<{ name: string; input: Record<string, unknown> }> };

function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message.role !== 'user') continue;
    return message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}

function toolResultsSinceLastUser(prompt: LanguageModelV4Prompt): Array<{ toolName: string; value: string }> {
  const results: Array<{ toolName: string; value: string }> = [];
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message.role === 'user') break;
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      const value =
        output.type === 'text' || output.type === 'error-text'
          ? output.value
          : output.type === 'json' || output.type === 'error-json'
            ? JSON.stringify(output.value)
            : output.type;
      results.unshift({ toolName: part.toolName, value });
    }
  }
  return results;
}

/** The longest stretch of the user's message that the calculator accepts, else a default expression. */
function expressionFrom(text: string): string {
  const candidates = text.match(/[-+*/^%().,\w\s]*\d[-+*/^%().,\w\s]*/g) ?? [];
  for (const candidate of candidates.sort((a, b) => b.length - a.length)) {
    const words = candidate.trim().split(/\s+/);
    // Shrink from both ends until it parses: "Work out (17 * 23) + sqrt(144) with" → "(17 * 23) + sqrt(144)".
    for (let size = words.length; size > 0; size--) {
      for (let start = 0; start + size <= words.length; start++) {
        const expression = words.slice(start, start + size).join(' ');
        if (!/[-+*/^%]/.test(expression)) continue;
        try {
          evaluateExpression(expression);
          return expression;
        } catch {
          // not an expression; try a shorter stretch
        }
      }
    }
  }
  return DEFAULT_EXPRESSION;
}

/** The user's words inside our markdown: their own `*` or `_` must not open emphasis. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]#|<>])/g, '\\$1');
}

function shorten(text: string, max = 80): string {
  const single = text.replace(/\s+/g, ' ');
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

export function planDemoTurn(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools'>): Script {
  const question = lastUserText(options.prompt);
  const toolNames = new Set((options.tools ?? []).map((t) => t.name));
  const results = toolResultsSinceLastUser(options.prompt);

  if (results.length > 0) {
    const rows = results.map((r) => `| \`${r.toolName}\` | ${shorten(r.value).replace(/\|/g, '\\|')} |`).join('\n');
    return {
      text: [
        '## Done',
        '',
        `You asked: *${escapeMarkdown(shorten(question || 'nothing in particular'))}*`,
        '',
        'Here is what the tools returned:',
        '',
        '| tool | result |',
        '| --- | --- |',
        rows,
        '',
        'This answer came from the **offline demo model**. It is scripted: it reads the tool results from the',
        'conversation and formats them. Configure a real provider (see the setup screen) to talk to an LLM.',
        '',
        '```ts',
        '// the loop you just watched',
        'reason → call tools → read results → answer',
        '```',
      ].join('\n'),
    };
  }

  const calls: Script['toolCalls'] = [];
  if (toolNames.has('get_current_time')) calls.push({ name: 'get_current_time', input: { timezone: 'UTC' } });
  if (toolNames.has('calculator')) calls.push({ name: 'calculator', input: { expression: expressionFrom(question) } });

  const reasoning =
    `The user wrote: "${shorten(question, 120)}". I am the offline demo model, so I will show the agent loop: ` +
    'check the current time and work out an expression with the calculator, then answer with what the tools return.';

  if (calls.length === 0) {
    return {
      reasoning,
      text: `I am the **offline demo model**. I have no tools in this session, so here is a plain answer to: *${escapeMarkdown(shorten(question))}*.`,
    };
  }
  return { reasoning, toolCalls: calls };
}

function chunksOf(text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += DEMO_CHUNK_CHARS) pieces.push(text.slice(i, i + DEMO_CHUNK_CHARS));
  return pieces;
}

/** 1 token per 4 characters: the demo has no tokenizer and says so by not claiming precision. */
function estimateTokens(text: string) {
  return Math.max(1, Math.ceil(text.length / 4));
}

function scriptToParts(script: Script, promptChars: number): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  parts.push({ type: 'response-metadata', id: `demo-${Date.now().toString(36)}`, modelId: 'demo-agent', timestamp: new Date() });
  let outputChars = 0;
  if (script.reasoning) {
    parts.push({ type: 'reasoning-start', id: 'r0' });
    for (const delta of chunksOf(script.reasoning)) parts.push({ type: 'reasoning-delta', id: 'r0', delta });
    parts.push({ type: 'reasoning-end', id: 'r0' });
    outputChars += script.reasoning.length;
  }
  if (script.text) {
    parts.push({ type: 'text-start', id: 't0' });
    for (const delta of chunksOf(script.text)) parts.push({ type: 'text-delta', id: 't0', delta });
    parts.push({ type: 'text-end', id: 't0' });
    outputChars += script.text.length;
  }
  script.toolCalls?.forEach((call, index) => {
    const toolCallId = `demo_call_${Date.now().toString(36)}_${index}`;
    const input = JSON.stringify(call.input);
    parts.push({ type: 'tool-input-start', id: toolCallId, toolName: call.name });
    for (const delta of chunksOf(input)) parts.push({ type: 'tool-input-delta', id: toolCallId, delta });
    parts.push({ type: 'tool-input-end', id: toolCallId });
    parts.push({ type: 'tool-call', toolCallId, toolName: call.name, input });
    outputChars += input.length;
  });
  const reasoningTokens = script.reasoning ? estimateTokens(script.reasoning) : 0;
  const outputTokens = estimateTokens(' '.repeat(outputChars));
  const inputTokens = estimateTokens(' '.repeat(promptChars));
  const usage: LanguageModelV4Usage = {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens - reasoningTokens, reasoning: reasoningTokens },
  };
  parts.push({
    type: 'finish',
    finishReason: { unified: script.toolCalls?.length ? 'tool-calls' : 'stop', raw: undefined },
    usage,
  });
  return parts;
}

export function createDemoModel(): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'demo',
    modelId: 'demo-agent',
    supportedUrls: {},
    async doGenerate() {
      throw new Error('The demo model only streams.');
    },
    async doStream(options) {
      const script = planDemoTurn(options);
      // An attached image counts as a provider would bill it (about 765 tokens, ~3,000 characters), not as its base64.
      const promptChars = JSON.stringify(options.prompt, function (this: { type?: unknown }, key: string, value: unknown) {
        return key === 'data' && this.type === 'file' ? ' '.repeat(3_000) : value;
      }).length;
      return {
        stream: simulateReadableStream({ chunks: scriptToParts(script, promptChars), chunkDelayInMs: DEMO_DELAY_MS, initialDelayInMs: 150 }),
        request: { body: { model: 'demo-agent', note: 'offline demo model: nothing was sent over the network' } },
      };
    },
  };
}
