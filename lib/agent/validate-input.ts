import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JSONSchema7 } from 'ai';
import type { AgentTool } from './types';
import { sdkSchemaOf } from './tool-set';

/**
 * Tool arguments checked against the tool's schema before the call runs: the
 * model's, a hook's rewrite, or the user's edit. A tool with a validator of its
 * own (a zod schema through the AI SDK) uses it; a plain JSON Schema (an MCP
 * tool's) is compiled with ajv once per schema object. The failure is one line
 * the model, or the person editing the arguments, can correct from:
 * `Invalid arguments for everything__get-sum: /a must be number; missing required property b`.
 */

type InputCheck = { ok: true; value: unknown } | { ok: false; message: string };

// Formats are not checked (no ajv-formats): an unknown `format` must not make a tool unusable.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, allowUnionTypes: true });

/** Compiled validators per JSON Schema object; null when the schema does not compile (the call then goes through unchecked). */
const compiled = new WeakMap<object, ValidateFunction | null>();

function validatorFor(schema: JSONSchema7): ValidateFunction | null {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      const { $schema: _ignored, ...rest } = schema as JSONSchema7 & { $schema?: string };
      validate = ajv.compile(rest);
    } catch {
      validate = null;
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/** At most this many problems are listed; the rest are counted. */
const MAX_LISTED_ERRORS = 8;

function describeAjvError(error: ErrorObject): string {
  const at = error.instancePath || '';
  switch (error.keyword) {
    case 'required': {
      const name = (error.params as { missingProperty: string }).missingProperty;
      return at ? `${at}: missing required property ${name}` : `missing required property ${name}`;
    }
    case 'additionalProperties': {
      const name = (error.params as { additionalProperty: string }).additionalProperty;
      return `${at || '/'}: unknown property ${name}`;
    }
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ');
      return `${at || '/'} must be one of ${allowed}`;
    }
    default:
      return `${at || '/'} ${error.message ?? 'is invalid'}`;
  }
}

function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  // `anyOf`/`oneOf` report each branch and then themselves: the branch errors say more, the summary line is dropped when they exist.
  const useful = errors.filter((e) => !((e.keyword === 'anyOf' || e.keyword === 'oneOf') && errors.length > 1));
  // Wrong values first, then what is missing or extra: the order a person fixes them in.
  const rank = (e: ErrorObject) => (e.keyword === 'required' ? 1 : e.keyword === 'additionalProperties' ? 2 : 0);
  const ordered = [...(useful.length ? useful : errors)].sort((a, b) => rank(a) - rank(b));
  const lines = [...new Set(ordered.map(describeAjvError))];
  const listed = lines.slice(0, MAX_LISTED_ERRORS).join('; ');
  return lines.length > MAX_LISTED_ERRORS ? `${listed}; and ${lines.length - MAX_LISTED_ERRORS} more` : listed;
}

function invalidArgumentsMessage(toolName: string, details: string): string {
  return `Invalid arguments for ${toolName}: ${details}`;
}

/** Zod's issues say where and what; an error's message may repeat the whole value. */
function describeSdkValidationError(error: Error): string {
  type Issues = { issues?: Array<{ path?: PropertyKey[]; message?: string }> };
  // A ZodError carries its issues; the SDK's TypeValidationError has them in its cause.
  const issues = (error as Issues).issues ?? ((error as { cause?: unknown }).cause as Issues | undefined)?.issues;
  if (Array.isArray(issues) && issues.length) {
    return issues
      .slice(0, MAX_LISTED_ERRORS)
      .map((issue) => {
        const path = (issue.path ?? []).map(String).join('/');
        return `${path ? `/${path}` : '/'}: ${issue.message ?? 'is invalid'}`;
      })
      .join('; ');
  }
  return error.message.replace(/^Type validation failed: Value: .*?\.\s*Error message: /s, '');
}

/**
 * Checks `value` against the tool's input schema. `value` must be an object
 * (every tool takes named arguments). Resolves to the value the tool gets (a
 * zod schema may fill in defaults).
 */
export async function validateToolInput(tool: AgentTool, value: unknown): Promise<InputCheck> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: invalidArgumentsMessage(tool.name, 'the arguments must be a JSON object') };
  }
  const schema = sdkSchemaOf(tool.inputSchema);
  if (schema.validate) {
    const result = await schema.validate(value);
    return result.success ? { ok: true, value: result.value } : { ok: false, message: invalidArgumentsMessage(tool.name, describeSdkValidationError(result.error)) };
  }
  const validate = validatorFor(await schema.jsonSchema);
  if (!validate || validate(value)) return { ok: true, value };
  return { ok: false, message: invalidArgumentsMessage(tool.name, describeSchemaErrors(validate.errors ?? [])) };
}

/** True when the tool checks its own arguments (a zod schema): the SDK already did so for the model's arguments. */
export function hasOwnValidator(tool: AgentTool): boolean {
  return Boolean(sdkSchemaOf(tool.inputSchema).validate);
}

// ---------------------------------------------------------------------------
// Unknown tools

/** How many close matches an "unknown tool" error names at most. */
export const MAX_TOOL_SUGGESTIONS = 20;

/** `everything__get-sum` → `get-sum`: servers prefix every name, so matching looks at the tool's own name. */
function bareName(name: string): string {
  const at = name.indexOf('__');
  return (at > 0 ? name.slice(at + 2) : name).toLowerCase();
}

function tokensOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Levenshtein distance, stopping early past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Up to `max` available names closest to `requested`, best first: by edit
 * distance on the bare names (within about a third of the length), or by
 * shared name tokens; a name close in neither sense is not listed.
 */
export function closeToolMatches(requested: string, available: readonly string[], max = MAX_TOOL_SUGGESTIONS): string[] {
  const wanted = bareName(requested);
  const wantedTokens = new Set(tokensOf(wanted));
  const limit = Math.max(2, Math.ceil(wanted.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of available) {
    const bare = bareName(name);
    const full = name.toLowerCase() === requested.toLowerCase() ? 0 : undefined;
    const distance = full ?? Math.min(editDistance(wanted, bare, limit), editDistance(requested.toLowerCase(), name.toLowerCase(), limit));
    const shared = tokensOf(bare).filter((t) => wantedTokens.has(t)).length;
    const contains = wanted.length >= 3 && (bare.includes(wanted) || wanted.includes(bare));
    if (distance > limit && shared === 0 && !contains) continue;
    // Lower is better: an edit distance counts most, each shared token and containment take some off.
    const score = Math.min(distance, limit + 1) - shared * 1.5 - (contains ? 1 : 0);
    scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** The error a call to a tool the run does not offer gets: its close matches, never the whole list. */
export function unknownToolMessage(requested: string, available: readonly string[]): string {
  if (available.length === 0) return `Unknown tool "${requested}". Available tools: (none).`;
  // A short list says everything at once; a long one only its close matches.
  if (available.length <= MAX_TOOL_SUGGESTIONS) return `Unknown tool "${requested}". Available tools: ${available.join(', ')}.`;
  const matches = closeToolMatches(requested, available);
  if (matches.length === 0) return `Unknown tool "${requested}". No available tool has a similar name (${available.length} tools are available).`;
  return `Unknown tool "${requested}". Closest available tools: ${matches.join(', ')}.`;
}
