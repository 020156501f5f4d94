import { z } from 'zod';

/**
 * The loop's settings, one descriptor each. Everything else is derived from
 * this table: the `LoopSettings` type and `DEFAULT_LOOP_SETTINGS` (here), the
 * override schema that the PATCH request and the stored column use, and the
 * fields of the settings sheet (lib/settings/loop-settings.ts). Adding a
 * setting is one entry below.
 */

/**
 * Who may override a setting. 'session': each session (settings sheet, `PATCH /api/sessions/:id`), and a user's
 * defaults, which new sessions start from (lib/server/user-defaults.ts). 'user': only the user's defaults.
 */
export type SettingScope = 'session' | 'user';

/** The part of the agent a setting belongs to: the model call, the tools, the loop, the context. */
export type SettingGroup = 'model' | 'tools' | 'loop' | 'context';

/** A setting only some models take: the model's capability it needs (lib/models/catalog.ts `ModelCapabilities`). */
export type SettingCapability = 'temperature' | 'topP' | 'reasoningEffort';

export type SettingUnit = 'ms' | 'chars' | 'tokens' | '%';

/**
 * A number input; its range comes from the schema's `.min()`/`.max()`. An integer unless `step` allows
 * fractions. An optional schema (no default) shows `emptyLabel` while nothing is set.
 */
interface NumberControl {
  kind: 'number';
  unit?: SettingUnit;
  step?: number;
  emptyLabel?: string;
}
/** A checkbox. */
interface SwitchControl {
  kind: 'switch';
}
/** A pick from the configured models; the empty string (labelled `emptyLabel`) keeps the default. */
interface ModelControl {
  kind: 'model';
  emptyLabel: string;
}
/** Multi-line free text (the system prompt). */
interface TextControl {
  kind: 'text';
  placeholder: string;
}
/** One of a few values; the first option is the default. */
interface ChoiceControl {
  kind: 'choice';
  options: readonly { value: string; label: string }[];
}
/** Switches for the built-in tools: the value lists the ones switched off. */
interface ToolsControl {
  kind: 'tools';
}
type SettingControl = NumberControl | SwitchControl | ModelControl | TextControl | ChoiceControl | ToolsControl;

/** The controls that can edit a value of type `T`. */
type ControlFor<T> = [NonNullable<T>] extends [number]
  ? NumberControl
  : [T] extends [boolean]
    ? SwitchControl
    : [T] extends [string]
      ? ModelControl | TextControl | ChoiceControl
      : [T] extends [readonly string[]]
        ? ToolsControl
        : never;

export interface SettingDescriptor<S extends z.ZodType = z.ZodType, Scope extends SettingScope = SettingScope> {
  /** Validates an override (request, stored column) and, through `.min()`/`.max()`, bounds the input. */
  schema: S;
  default: z.output<S>;
  label: string;
  help: string;
  control: ControlFor<z.output<S>>;
  scope: Scope;
  group: SettingGroup;
  /** Only models with this capability take the setting: the sheet disables it (with the reason), the server drops it. */
  needs?: SettingCapability;
}

/** Any descriptor, as the derivations read it. */
interface AnySetting {
  schema: z.ZodType;
  default: unknown;
  label: string;
  help: string;
  control: SettingControl;
  scope: SettingScope;
  group: SettingGroup;
  needs?: SettingCapability;
}

export type SettingsTable = Record<string, AnySetting>;

/** The range of a number setting, read from its schema's `.min()` and `.max()`; undefined when either is missing. */
export function numberBounds(schema: z.ZodType): { min: number; max: number } | undefined {
  if (schema instanceof z.ZodOptional) return numberBounds(schema.unwrap() as z.ZodType);
  if (!(schema instanceof z.ZodNumber)) return undefined;
  const { minValue: min, maxValue: max } = schema;
  return min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max) ? { min, max } : undefined;
}

/**
 * One setting. Types the default and the control from the schema, and
 * refuses (at import) a default its own schema rejects or a number without a range.
 */
export function setting<S extends z.ZodType, Scope extends SettingScope>(descriptor: SettingDescriptor<S, Scope>): SettingDescriptor<S, Scope> {
  const { schema, label, control } = descriptor;
  if (!schema.safeParse(descriptor.default).success) throw new Error(`Setting "${label}": the default ${JSON.stringify(descriptor.default)} fails its own schema.`);
  if ((control as SettingControl).kind === 'number' && !numberBounds(schema)) throw new Error(`Setting "${label}": a number setting needs a schema with .min() and .max().`);
  return descriptor;
}

/** The values a table describes: one key per descriptor, typed by its schema. */
export type SettingValues<T extends SettingsTable> = { -readonly [K in keyof T]: z.output<T[K]['schema']> };

export function defaultsOf<T extends SettingsTable>(table: T): SettingValues<T> {
  return Object.fromEntries(Object.entries(table).map(([key, descriptor]) => [key, descriptor.default])) as SettingValues<T>;
}

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** Reasoning effort: 'default' sends none (the provider's own default). */
const REASONING_EFFORTS = ['default', 'low', 'medium', 'high'] as const;
export type ReasoningEffortSetting = (typeof REASONING_EFFORTS)[number];

/** The system prompt a session adds to the agent's instructions, at most this long. */
export const MAX_SYSTEM_PROMPT_CHARS = 20_000;

/**
 * Every limit the loop enforces, with its named default, so a reader can see
 * all the magic numbers in one place and tests can override them. The order
 * is the settings sheet's.
 */
export const SETTINGS = {
  /** Added to the agent's own instructions on every model call (lib/server/instructions.ts). */
  systemPrompt: setting({
    schema: z.string().max(MAX_SYSTEM_PROMPT_CHARS),
    // Empty: the agent's instructions alone.
    default: '',
    label: 'System prompt',
    help: 'Added to the agent’s instructions on every model call.',
    control: { kind: 'text', placeholder: 'e.g. You are a terse senior engineer. Answer in English.' },
    scope: 'session',
    group: 'model',
  }),
  // Sampling: unset sends nothing, so the provider's default applies.
  temperature: setting({
    schema: z.number().min(0).max(2).optional(),
    default: undefined,
    label: 'Temperature',
    help: 'Randomness of the answer: 0 is the most predictable.',
    control: { kind: 'number', step: 0.1, emptyLabel: 'Model default' },
    scope: 'session',
    group: 'model',
    needs: 'temperature',
  }),
  topP: setting({
    schema: z.number().min(0).max(1).optional(),
    default: undefined,
    label: 'Top-p',
    help: 'Samples only from the most likely tokens making up this share of probability.',
    control: { kind: 'number', step: 0.05, emptyLabel: 'Model default' },
    scope: 'session',
    group: 'model',
    needs: 'topP',
  }),
  maxOutputTokens: setting({
    schema: int(1, 1_000_000).optional(),
    default: undefined,
    label: 'Max output tokens',
    help: 'Tokens one answer may have, reasoning included; past the model’s own limit, its limit applies.',
    control: { kind: 'number', unit: 'tokens', emptyLabel: 'Model default' },
    scope: 'session',
    group: 'model',
  }),
  reasoningEffort: setting({
    schema: z.enum(REASONING_EFFORTS),
    default: 'default',
    label: 'Reasoning effort',
    help: 'How long a reasoning model thinks before it answers. Anthropic: an extended-thinking budget of 2k/8k/24k tokens.',
    control: {
      kind: 'choice',
      options: [
        { value: 'default', label: 'Model default' },
        { value: 'low', label: 'Low' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High' },
      ],
    },
    scope: 'session',
    group: 'model',
    needs: 'reasoningEffort',
  }),
  /** Built-in tools switched off for the session: never sent to the model (lib/tools/session-tools.ts). MCP servers and tools have their own switches. */
  disabledTools: setting({
    schema: z.array(z.string().min(1).max(100)).max(100),
    default: [] as string[],
    label: 'Built-in tools',
    help: 'Tools switched off are not sent to the model.',
    control: { kind: 'tools' },
    scope: 'session',
    group: 'tools',
  }),
  /** Model calls per run before the loop summarizes and stops. */
  maxIterations: setting({
    schema: int(1, 500),
    // 50 leaves room for long tool chains while bounding a runaway loop's cost.
    default: 50,
    label: 'Max iterations',
    help: 'Model calls per run before the agent summarizes and stops.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  maxWallClockMs: setting({
    schema: int(1_000, 3_600_000),
    // Ten minutes: longer than any reasonable interactive turn; the request is abandoned after that.
    default: 600_000,
    label: 'Max run time',
    help: 'A run that takes longer ends.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  /** How often the `length` finish reason may trigger compaction before the run ends. */
  maxCompactionAttempts: setting({
    schema: int(0, 10),
    // How often a `length` finish may trigger compaction before we give up (opencode uses a similar small bound).
    default: 3,
    label: 'Max compaction attempts',
    help: 'How often hitting the output limit may compact and continue.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  /**
   * Retries per model call. A failed attempt (error, dropped connection, stall, malformed event) is retried
   * this many times, also after part of its answer was shown; then the run ends with `error`.
   */
  maxRetries: setting({
    schema: int(0, 10),
    // Retries per model call for transient failures (429, 5xx, network), as in the AI SDK's own default range.
    default: 3,
    label: 'Max retries',
    help: 'Retries per model call on 408/409/429/5xx, dropped or stalled streams and malformed events.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  /** A model stream silent for this long (no chunk, also before the first) is abandoned as stalled and retried. */
  modelIdleTimeoutMs: setting({
    schema: int(100, 600_000),
    // A model stream that sends nothing for a minute has stalled: the attempt is abandoned and retried.
    // Long enough for a slow first token (reasoning models may think for tens of seconds before their first
    // event), short enough that nobody watches a silent spinner for the 10-minute run limit.
    default: 60_000,
    label: 'Model idle timeout',
    help: 'A model stream silent this long has stalled and is retried. Raise it for models that think silently for longer.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  retryBaseDelayMs: setting({
    schema: int(0, 60_000),
    // First backoff delay; doubles each retry (500 ms, 1 s, 2 s …).
    default: 500,
    label: 'Retry base delay',
    help: 'First backoff; doubles each retry, with jitter.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  retryMaxDelayMs: setting({
    schema: int(0, 300_000),
    // No single wait is longer than this, even when the provider's Retry-After asks for more.
    default: 30_000,
    label: 'Retry max delay',
    help: 'Cap on any single wait, Retry-After included.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  toolTimeoutMs: setting({
    schema: int(100, 600_000),
    // A tool that takes longer than two minutes is abandoned and reported as timed out (an error result the model reads).
    default: 120_000,
    label: 'Tool timeout',
    help: 'A tool call that takes longer is abandoned.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  /** Tool definitions one model request carries at most; past it, MCP tools are left out and searchable (tool-cap.ts). */
  maxToolsSent: setting({
    schema: int(1, 1_000),
    // OpenAI's API refuses a request with more than 128 tools; built-ins always go, MCP tools fill the rest.
    default: 128,
    label: 'Max tools per request',
    help: 'Past this, MCP tools are left out of the request (the transcript lists them) and the model can find them with search_tools.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  maxToolResultChars: setting({
    schema: int(100, 1_000_000),
    // The model sees at most this many characters of one tool result; the UI keeps the full output.
    default: 30_000,
    label: 'Max tool result',
    help: 'Characters of one tool result the model sees; the UI keeps all.',
    control: { kind: 'number', unit: 'chars' },
    scope: 'session',
    group: 'loop',
  }),
  hookTimeoutMs: setting({
    schema: int(10, 60_000),
    // Hooks are meant to be quick policy checks; a slow hook must not stall the run.
    default: 5_000,
    label: 'Hook timeout',
    help: 'A hook that takes longer is skipped and recorded.',
    control: { kind: 'number', unit: 'ms' },
    scope: 'session',
    group: 'loop',
  }),
  /** Loop guard: identical calls in a row before a nudge. */
  loopGuardRepeatLimit: setting({
    schema: int(2, 100),
    // Loop guard: identical call (tool + canonical args) this many times in a row → nudge (as in Gemini CLI's detector).
    default: 5,
    label: 'Loop guard: identical calls',
    help: 'The same call this many times in a row gets a nudge.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  /** Loop guard: calls of the same tool in a row before a nudge. */
  loopGuardSameToolLimit: setting({
    schema: int(2, 1_000),
    // Loop guard: the same tool this many times in a row, whatever the args → nudge.
    default: 10,
    label: 'Loop guard: same tool',
    help: 'The same tool this many times in a row gets a nudge.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  /** Loop guard: nudges in one run before the run stops with a loop error. */
  loopGuardMaxNudges: setting({
    schema: int(1, 100),
    // Loop guard: after this many nudges in one run, the next detection stops the run.
    default: 5,
    label: 'Loop guard: max nudges',
    help: 'Nudges in one run before it stops with a loop error.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'loop',
  }),
  /** Context window in tokens for this session; 0 = from the model catalog. */
  contextWindowOverride: setting({
    schema: int(0, 10_000_000),
    // Context window: 0 = take it from the model catalog (lib/models/catalog.ts), which falls back to 8,192.
    default: 0,
    label: 'Context window',
    help: 'Tokens the model can read; 0 takes it from the model catalog.',
    control: { kind: 'number', unit: 'tokens' },
    scope: 'session',
    group: 'context',
  }),
  // Context thresholds, as percent of the window. The meter and the trigger read the same values.
  /** Percent of the window where the meter turns amber and a notice appears. */
  contextWarnPercent: setting({
    schema: int(1, 100),
    // Warn at 80% (the meter turns amber), as Claude Code's context warning does.
    default: 80,
    label: 'Context: warn at',
    help: 'The meter turns amber and a notice appears.',
    control: { kind: 'number', unit: '%' },
    scope: 'session',
    group: 'context',
  }),
  /** Auto-compact when the next request would exceed this percent of the window. */
  autoCompactPercent: setting({
    schema: int(1, 100),
    // Auto-compact when the next request would pass 90%, and compact down to at most 82% (Claude Code triggers near 83.5%).
    default: 90,
    label: 'Context: auto-compact at',
    help: 'Compact when the next request would exceed this.',
    control: { kind: 'number', unit: '%' },
    scope: 'session',
    group: 'context',
  }),
  /** Auto-compaction shrinks the context to at most this percent. */
  compactTargetPercent: setting({
    schema: int(1, 100),
    // See autoCompactPercent: compact down to at most 82%.
    default: 82,
    label: 'Context: compact down to',
    help: 'Auto-compaction shrinks the context to at most this.',
    control: { kind: 'number', unit: '%' },
    scope: 'session',
    group: 'context',
  }),
  /** Still above this percent after compaction: the run ends with "context limit exceeded". */
  hardLimitPercent: setting({
    schema: int(1, 100),
    // Above 95% after compaction the request would likely overflow: end the run with a clear error instead.
    default: 95,
    label: 'Context: hard limit',
    help: 'Still above this after compaction: the run ends.',
    control: { kind: 'number', unit: '%' },
    scope: 'session',
    group: 'context',
  }),
  /** `/compact` shrinks the context to at most this percent. */
  manualCompactTargetPercent: setting({
    schema: int(1, 100),
    // `/compact` is the user asking for room: compact to half the window.
    default: 50,
    label: 'Context: /compact target',
    help: '/compact shrinks the context to at most this.',
    control: { kind: 'number', unit: '%' },
    scope: 'session',
    group: 'context',
  }),
  /** Compaction keeps this many most recent turns (user message + replies) verbatim. */
  compactKeepRecentTurns: setting({
    schema: int(1, 20),
    // The last two turns stay verbatim: the latest request and the work in progress (opencode keeps the last 2 turns too).
    default: 2,
    label: 'Context: recent turns kept',
    help: 'The newest turns compaction never touches.',
    control: { kind: 'number' },
    scope: 'session',
    group: 'context',
  }),
  /** Model key that writes compaction summaries; empty = the session's model. */
  summarizerModel: setting({
    schema: z.string().max(300),
    // Empty: summaries are written by the session's own model.
    default: '',
    label: 'Summarizer model',
    help: 'Writes the summary when the context is compacted; a cheaper model saves cost.',
    control: { kind: 'model', emptyLabel: 'Same as the session' },
    scope: 'session',
    group: 'context',
  }),
  requireDoneTool: setting({
    schema: z.boolean(),
    // Done-tool mode: only a `task_complete` call ends the run.
    default: false,
    label: 'Require the done tool',
    help: 'Only a task_complete call ends a run; a plain answer gets a nudge to continue.',
    control: { kind: 'switch' },
    scope: 'session',
    group: 'loop',
  }),
  /** Step mode: the run waits before each model call until the user continues it (lib/agent/step-gate.ts). */
  pauseBeforeModelCall: setting({
    schema: z.boolean(),
    // Off: runs go from call to call on their own, as an agent should.
    default: false,
    label: 'Pause before each model call',
    help: 'Step mode: the run stops before each model call and shows the request, to look at or edit before it is sent.',
    control: { kind: 'switch' },
    scope: 'session',
    group: 'loop',
  }),
} satisfies SettingsTable;

/** The loop's options, one per entry of `SETTINGS`. */
export type LoopSettings = SettingValues<typeof SETTINGS>;

export const DEFAULT_LOOP_SETTINGS: LoopSettings = defaultsOf(SETTINGS);

export function resolveSettings(overrides: Partial<LoopSettings> | undefined): LoopSettings {
  const settings = { ...DEFAULT_LOOP_SETTINGS };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}
