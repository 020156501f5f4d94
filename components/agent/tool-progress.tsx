'use client';

import { createContext, useContext } from 'react';
import type { AgentUIMessagePart, ToolLogLine, ToolProgress } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

/**
 * A running call's progress and its server's log lines (the loop's
 * `data-tool-progress` parts, one per call): a bar with the server's message
 * on the card while the call runs, the log lines in the card's details.
 */

const ToolProgressContext = createContext<ReadonlyMap<string, ToolProgress>>(new Map());
export const ToolProgressProvider = ToolProgressContext.Provider;
export function useToolProgress(toolCallId: string): ToolProgress | undefined {
  return useContext(ToolProgressContext).get(toolCallId);
}

/** The message's progress parts by tool call id (AssistantMessage provides them to its cards). */
export function toolProgressByCall(parts: readonly AgentUIMessagePart[]): Map<string, ToolProgress> {
  const map = new Map<string, ToolProgress>();
  for (const part of parts) if (part.type === 'data-tool-progress') map.set(part.data.toolCallId, part.data);
  return map;
}

/** A determinate bar when the server says how much there is, an indeterminate one when it does not. */
export function ToolProgressBar({ progress }: { progress: ToolProgress }) {
  if (progress.progress === undefined && !progress.message) return null;
  const fraction = progress.total && progress.progress !== undefined ? Math.min(1, Math.max(0, progress.progress / progress.total)) : undefined;
  const figure = progress.progress === undefined ? '' : progress.total ? `${formatNumber(progress.progress)} of ${formatNumber(progress.total)}` : formatNumber(progress.progress);
  return (
    <div className="flex flex-col gap-1 border-t px-3 py-2" data-testid="tool-progress">
      <div
        role="progressbar"
        aria-label={progress.message ?? 'Progress'}
        aria-valuemin={0}
        aria-valuemax={progress.total ?? undefined}
        aria-valuenow={fraction !== undefined ? progress.progress : undefined}
        aria-valuetext={figure || undefined}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width] duration-200', fraction === undefined && 'w-1/3 animate-pulse')}
          style={fraction !== undefined ? { width: `${fraction * 100}%` } : undefined}
          data-testid="tool-progress-fill"
        />
      </div>
      <p className="flex min-w-0 gap-2 text-[11px] text-muted-foreground">
        <span className="min-w-0 flex-1 truncate" data-testid="tool-progress-message">
          {progress.message}
        </span>
        {figure && <span className="shrink-0 tabular-nums">{figure}</span>}
      </p>
    </div>
  );
}

const LEVEL_STYLES: Partial<Record<ToolLogLine['level'], string>> = {
  warning: 'text-warning-text',
  error: 'text-destructive',
  critical: 'text-destructive',
  alert: 'text-destructive',
  emergency: 'text-destructive',
  debug: 'text-muted-foreground/70',
};

/** The server's log lines for this call (the newest 50), in the card's details. */
export function ToolLogLines({ logs }: { logs: readonly ToolLogLine[] }) {
  if (logs.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Server log</p>
      <ol className="max-h-48 overflow-auto rounded-lg border bg-muted/40 px-2 py-1.5 font-mono text-[11px] leading-relaxed" data-testid="tool-log">
        {logs.map((line, index) => (
          <li key={index} className={cn('break-words whitespace-pre-wrap', LEVEL_STYLES[line.level])} data-level={line.level}>
            <span className="text-muted-foreground">{line.level}</span>
            {line.logger && <span className="text-muted-foreground"> [{line.logger}]</span>} {line.text}
          </li>
        ))}
      </ol>
    </div>
  );
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en') : value.toLocaleString('en', { maximumFractionDigits: 1 });
}
