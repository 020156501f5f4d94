import { SquareTerminalIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';
import { cn } from '@/lib/utils';

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

function BashSummary({ part }: { part: ToolPart }) {
  const command = commandOf(part);
  const code = exitCodeOf(part);
  return (
    <span className="flex min-w-0 items-center gap-2">
      {command && <span className="truncate font-mono text-xs">$ {command.split('\n')[0]}</span>}
      {code !== undefined && code !== 0 && <ExitCode code={code} />}
    </span>
  );
}

export const bashTool: ToolRenderer = {
  title: 'Bash',
  Icon: SquareTerminalIcon,
  Summary: BashSummary,
  Output: lazyPart(() => import('./tool-outputs').then((module) => module.BashOutput)),
};
