import { field, type ToolPart } from '@/components/agent/tool-part';
import { todoListSchema } from '@/lib/todos/todos';
import { cn } from '@/lib/utils';

/** What the tool renderers read from a call, shared by their headers (the first load) and their output views (tool-outputs.tsx). */

export function commandOf(part: ToolPart): string | undefined {
  const command = field(part.input, 'command');
  return typeof command === 'string' ? command : undefined;
}

export function exitCodeOf(part: ToolPart): number | undefined {
  if (part.state !== 'output-available') return undefined;
  const code = field(part.output, 'exitCode');
  return typeof code === 'number' ? code : undefined;
}

/** `terminal`: on the always-dark terminal block, where the theme's text colours would be too dark. */
export function ExitCode({ code, terminal = false }: { code: number; terminal?: boolean }) {
  const ok = code === 0;
  const tone = terminal
    ? ok
      ? 'bg-emerald-400/15 text-emerald-300'
      : 'bg-rose-400/15 text-rose-300'
    : ok
      ? 'bg-success/15 text-success-text'
      : 'bg-destructive/15 text-destructive';
  return (
    <span data-testid="bash-exit-code" className={cn('rounded px-1.5 font-mono text-[11px]', tone)}>
      exit {code}
    </span>
  );
}

export function expressionOf(part: ToolPart): string | undefined {
  const expression = field(part.input, 'expression', 'expr', 'input');
  return typeof expression === 'string' ? expression : undefined;
}

export function resultOf(output: unknown): string | undefined {
  if (typeof output === 'number' || typeof output === 'string') return String(output);
  const result = field(output, 'result', 'value', 'answer');
  return result === undefined ? undefined : String(result);
}

/** What write_file and edit_file return (lib/tools/workspace/write-file.ts), read without trusting its shape. */
interface FileChange {
  path?: string;
  created: boolean;
  linesAdded?: number;
  linesRemoved?: number;
  patch?: string;
  patchTruncated: boolean;
  replacements?: number;
}

export function readChange(part: ToolPart): FileChange | undefined {
  if (part.state !== 'output-available') return undefined;
  const output = part.output;
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const path = field(output, 'path');
  const patch = field(output, 'patch');
  return {
    path: typeof path === 'string' ? path : undefined,
    created: field(output, 'created') === true,
    linesAdded: number(field(output, 'linesAdded')),
    linesRemoved: number(field(output, 'linesRemoved')),
    patch: typeof patch === 'string' ? patch : undefined,
    patchTruncated: field(output, 'patchTruncated') === true,
    replacements: number(field(output, 'replacements')),
  };
}

export function LineCounts({ added, removed }: { added?: number; removed?: number }) {
  if (added === undefined && removed === undefined) return null;
  return (
    <span className="font-mono text-xs" data-testid="diff-counts">
      <span className="text-success-text">+{added ?? 0}</span> <span className="text-destructive">−{removed ?? 0}</span>
    </span>
  );
}

export function todosOf(part: ToolPart) {
  const parsed = todoListSchema.safeParse(field(part.input, 'todos'));
  return parsed.success ? parsed.data : undefined;
}
