import { SquareTerminalIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { cn } from '@/lib/utils';

function commandOf(part: ToolPart): string | undefined {
  const command = field(part.input, 'command');
  return typeof command === 'string' ? command : undefined;
}

function exitCodeOf(part: ToolPart): number | undefined {
  if (part.state !== 'output-available') return undefined;
  const code = field(part.output, 'exitCode');
  return typeof code === 'number' ? code : undefined;
}

/** `terminal`: on the always-dark terminal block, where the theme's text colours would be too dark. */
function ExitCode({ code, terminal = false }: { code: number; terminal?: boolean }) {
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

/** The command and what it printed, in a terminal-like block (dark in both themes, as terminals are). */
function BashOutput({ part }: { part: ToolPart }) {
  const command = commandOf(part);
  const stdout = field(part.output, 'stdout');
  const stderr = field(part.output, 'stderr');
  const code = exitCodeOf(part);
  return (
    <div data-testid="bash-terminal" className="overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950 font-mono text-xs leading-relaxed text-zinc-100">
      <div className="flex items-center gap-2 border-b border-zinc-800 px-3 py-1.5 text-[11px] text-zinc-400">
        <span>/workspace</span>
        <span className="flex-1" />
        {code !== undefined && <ExitCode code={code} terminal />}
      </div>
      <pre className="max-h-80 overflow-auto px-3 py-2 break-words whitespace-pre-wrap">
        {command && (
          <span className="text-emerald-300" data-testid="bash-command">
            $ {command}
            {'\n'}
          </span>
        )}
        {typeof stdout === 'string' && stdout && <span data-testid="bash-stdout">{stdout}</span>}
        {typeof stderr === 'string' && stderr && (
          <span className="text-rose-300" data-testid="bash-stderr">
            {stderr}
          </span>
        )}
        {!stdout && !stderr && <span className="text-zinc-500 italic">(no output)</span>}
      </pre>
    </div>
  );
}

export const bashTool: ToolRenderer = {
  title: 'Bash',
  Icon: SquareTerminalIcon,
  Summary: BashSummary,
  Output: BashOutput,
};
