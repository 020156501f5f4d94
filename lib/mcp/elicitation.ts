/**
 * MCP elicitation forms (`elicitation/create`, form mode): the requested schema is a
 * flat object of primitive fields (MCP spec 2025-06-18, "Requested schema"). This turns
 * it into fields to draw and checks an answer against it. The browser (the form card)
 * and the server (the answer route) use the same functions, so a value the form let
 * through is never refused later, and a hand-made request cannot slip past the form.
 */

type ElicitationValue = string | number | boolean | string[];
type ElicitationContent = Record<string, ElicitationValue>;

interface FieldBase {
  name: string;
  /** `title`, or the property name. */
  label: string;
  description?: string;
  required: boolean;
}

export type ElicitationField =
  | (FieldBase & { kind: 'string'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'enum'; options: { value: string; label: string }[]; default?: string })
  | (FieldBase & { kind: 'multi-enum'; options: { value: string; label: string }[]; minItems?: number; maxItems?: number; default?: string[] });

/** A form is at most this many fields: a server asking for more is refused rather than drawn. */
export const MAX_ELICITATION_FIELDS = 30;

export type ParsedForm = { ok: true; fields: ElicitationField[] } | { ok: false; reason: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined);
const STRING_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

function optionsOf(schema: Json): { value: string; label: string }[] | undefined {
  const oneOf = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (oneOf) {
    const options = oneOf.filter(isObject).map((option) => ({ value: str(option.const), label: str(option.title) ?? str(option.const) }));
    return options.every((option) => option.value !== undefined) && options.length > 0 ? (options as { value: string; label: string }[]) : undefined;
  }
  const values = strings(schema.enum);
  if (!values?.length) return undefined;
  const names = strings(schema.enumNames);
  return values.map((value, index) => ({ value, label: names?.[index] ?? value }));
}

function fieldOf(name: string, schema: unknown, required: boolean): ElicitationField | string {
  if (!isObject(schema)) return `field "${name}" has no schema`;
  const base: FieldBase = { name, label: str(schema.title) ?? name, ...(str(schema.description) ? { description: str(schema.description) } : {}), required };
  switch (schema.type) {
    case 'string': {
      const options = optionsOf(schema);
      if (options) return { ...base, kind: 'enum', options, ...(str(schema.default) !== undefined ? { default: str(schema.default) } : {}) };
      const format = str(schema.format);
      if (format !== undefined && !STRING_FORMATS.has(format)) return `field "${name}" has an unsupported format "${format}"`;
      return {
        ...base,
        kind: 'string',
        ...(format ? { format: format as 'email' } : {}),
        ...(num(schema.minLength) !== undefined ? { minLength: num(schema.minLength) } : {}),
        ...(num(schema.maxLength) !== undefined ? { maxLength: num(schema.maxLength) } : {}),
        ...(str(schema.default) !== undefined ? { default: str(schema.default) } : {}),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: schema.type === 'integer',
        ...(num(schema.minimum) !== undefined ? { minimum: num(schema.minimum) } : {}),
        ...(num(schema.maximum) !== undefined ? { maximum: num(schema.maximum) } : {}),
        ...(num(schema.default) !== undefined ? { default: num(schema.default) } : {}),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', ...(typeof schema.default === 'boolean' ? { default: schema.default } : {}) };
    case 'array': {
      const options = isObject(schema.items) ? optionsOf(schema.items) : undefined;
      if (!options) return `field "${name}" is a list of something other than choices`;
      return {
        ...base,
        kind: 'multi-enum',
        options,
        ...(num(schema.minItems) !== undefined ? { minItems: num(schema.minItems) } : {}),
        ...(num(schema.maxItems) !== undefined ? { maxItems: num(schema.maxItems) } : {}),
        ...(strings(schema.default) ? { default: strings(schema.default) } : {}),
      };
    }
    default:
      return `field "${name}" has the unsupported type ${JSON.stringify(schema.type ?? null)} (forms hold text, numbers, yes/no and choices)`;
  }
}

/** The fields of a requested schema, in the server's order, or why it cannot be drawn as a form. */
export function elicitationFields(requestedSchema: unknown): ParsedForm {
  if (!isObject(requestedSchema) || requestedSchema.type !== 'object' || !isObject(requestedSchema.properties)) {
    return { ok: false, reason: 'the requested schema is not an object with properties' };
  }
  const entries = Object.entries(requestedSchema.properties);
  if (entries.length > MAX_ELICITATION_FIELDS) return { ok: false, reason: `the form has ${entries.length} fields (at most ${MAX_ELICITATION_FIELDS})` };
  const required = new Set(strings(requestedSchema.required) ?? []);
  const fields: ElicitationField[] = [];
  for (const [name, schema] of entries) {
    const field = fieldOf(name, schema, required.has(name));
    if (typeof field === 'string') return { ok: false, reason: field };
    fields.push(field);
  }
  return { ok: true, fields };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function formatProblem(format: string, value: string): string | undefined {
  if (format === 'email' && !EMAIL.test(value)) return 'must be an email address';
  if (format === 'uri' && !URL.canParse(value)) return 'must be a URL (e.g. https://example.com)';
  if (format === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value)))) return 'must be a date (YYYY-MM-DD)';
  if (format === 'date-time' && Number.isNaN(Date.parse(value))) return 'must be a date and time';
  return undefined;
}

function problemOf(field: ElicitationField, value: ElicitationValue): string | undefined {
  switch (field.kind) {
    case 'string':
      if (typeof value !== 'string') return 'must be text';
      if (field.minLength !== undefined && value.length < field.minLength) return `must be at least ${field.minLength} characters`;
      if (field.maxLength !== undefined && value.length > field.maxLength) return `must be at most ${field.maxLength} characters`;
      return field.format ? formatProblem(field.format, value) : undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.integer && !Number.isInteger(value)) return 'must be a whole number';
      if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be yes or no';
    case 'enum':
      return typeof value === 'string' && field.options.some((option) => option.value === value) ? undefined : 'must be one of the choices';
    case 'multi-enum': {
      if (!Array.isArray(value) || !value.every((item) => field.options.some((option) => option.value === item))) return 'must be among the choices';
      if (field.minItems !== undefined && value.length < field.minItems) return `pick at least ${field.minItems}`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `pick at most ${field.maxItems}`;
      return undefined;
    }
  }
}

export type ContentCheck = { ok: true; content: ElicitationContent } | { ok: false; errors: Record<string, string> };

/** Checks an answer against the form: required fields, types, ranges, formats, and no field the server did not ask for. */
export function checkElicitationContent(fields: readonly ElicitationField[], content: Record<string, unknown>): ContentCheck {
  const errors: Record<string, string> = {};
  const known = new Map(fields.map((field) => [field.name, field]));
  for (const name of Object.keys(content)) if (!known.has(name)) errors[name] = 'was not asked for';
  const checked: ElicitationContent = {};
  for (const field of fields) {
    const value = content[field.name];
    if (value === undefined || value === null) {
      if (field.required) errors[field.name] = 'is required';
      continue;
    }
    const problem = problemOf(field, value as ElicitationValue);
    if (problem) errors[field.name] = problem;
    else checked[field.name] = value as ElicitationValue;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, content: checked };
}

/** What a form input holds for each field (text for text and number inputs), before it is checked. */
export type FormInputs = Record<string, string | boolean | string[]>;

/** The form's starting values: the server's defaults, else empty. */
export function initialInputs(fields: readonly ElicitationField[]): FormInputs {
  return Object.fromEntries(
    fields.map((field) => {
      switch (field.kind) {
        case 'boolean':
          return [field.name, field.default ?? false];
        case 'multi-enum':
          return [field.name, field.default ?? []];
        case 'number':
          return [field.name, field.default === undefined ? '' : String(field.default)];
        default:
          return [field.name, field.default ?? ''];
      }
    }),
  );
}

/** Form inputs as content: an empty optional input is left out, number inputs become numbers (or stay text, and fail the check). */
export function contentFromInputs(fields: readonly ElicitationField[], inputs: FormInputs): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const input = inputs[field.name];
    if (input === undefined || input === '') continue;
    if (field.kind === 'number' && typeof input === 'string') {
      const parsed = Number(input.trim());
      content[field.name] = input.trim() !== '' && Number.isFinite(parsed) ? parsed : input;
    } else content[field.name] = input;
  }
  return content;
}
