'use client';

import { useEffect, useId, useState } from 'react';
import { XIcon } from 'lucide-react';
import { useSessionContext } from '@/components/context/session-context';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { RunSummary } from '@/lib/api-types';
import { fetchRuns } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { formatCost, formatNumber, formatTokens } from '@/lib/client/format';
import { sessionSpend } from '@/lib/client/session-cost';
import type { SlashCommand } from '@/lib/client/slash-commands';
import type { ModelInfo } from '@/lib/models/types';

/**
 * What `/help` and `/cost` show: a panel above the composer (not a dialog), so
 * the text box keeps the focus and the next command can be typed at once.
 * Escape in the composer or the close button puts it away.
 */
function CommandPanel({ title, onClose, testId, children }: { title: string; onClose: () => void; testId: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mb-2 max-h-[min(60vh,28rem)] overflow-y-auto rounded-xl border bg-card p-3 text-sm shadow-sm"
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-medium">
          {title}
        </h2>
        <Button type="button" size="icon-xs" variant="ghost" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose} data-testid="command-panel-close">
          <XIcon />
        </Button>
      </div>
      {children}
    </section>
  );
}

const KEYS: ReadonlyArray<[string, string]> = [
  ['Enter', 'Send (queue while the agent runs)'],
  ['Shift+Enter', 'New line'],
  ['Esc', 'Stop the agent while it runs'],
  ['↑', 'Edit your last message (in an empty box)'],
  ['Tab', 'Complete a command or its argument'],
  ['@', 'Attach a resource from an MCP server'],
];

/** `/help`: every command with how it is typed, the MCP servers' prompts, and the composer's keys. */
export function HelpPanel({ commands, onClose }: { commands: readonly SlashCommand[]; onClose: () => void }) {
  const builtIn = commands.filter((command) => command.kind === 'built-in');
  const prompts = commands.filter((command) => command.kind === 'prompt');
  return (
    <CommandPanel title="Commands" onClose={onClose} testId="help-panel">
      <CommandList commands={builtIn} />
      {prompts.length > 0 && (
        <>
          <h3 className="mt-3 mb-1 text-xs font-medium text-muted-foreground">Prompts of your MCP servers</h3>
          <CommandList commands={prompts} />
        </>
      )}
      <h3 className="mt-3 mb-1 text-xs font-medium text-muted-foreground">Keys</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        {KEYS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border bg-muted px-1 font-mono text-[11px]">{key}</kbd>
            </dt>
            <dd className="text-muted-foreground">{what}</dd>
          </div>
        ))}
      </dl>
    </CommandPanel>
  );
}

function CommandList({ commands }: { commands: readonly SlashCommand[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
      {commands.map((command) => (
        <div key={command.name} className="contents" data-testid="help-command">
          <dt className="font-mono text-xs break-all">{command.usage}</dt>
          <dd className="mb-1 text-xs text-muted-foreground sm:mb-0">{command.description}</dd>
        </div>
      ))}
    </dl>
  );
}

type RunsState = { state: 'loading' } | { state: 'ready'; runs: RunSummary[] } | { state: 'error'; message: string };

/**
 * `/cost`: tokens and cost at list prices so far, by model, from the session's
 * runs on every branch (what was spent stays spent), plus compaction summaries.
 */
export function CostPanel({ sessionId, models, onClose }: { sessionId: string; models: readonly ModelInfo[]; onClose: () => void }) {
  const [runs, setRuns] = useState<RunsState>({ state: 'loading' });
  const compactionCost = useSessionContext()?.report?.compactionCost;
  useEffect(() => {
    let live = true;
    fetchRuns(sessionId).then(
      (list) => live && setRuns({ state: 'ready', runs: list }),
      (error) => live && setRuns({ state: 'error', message: readError(error).message }),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);
  return (
    <CommandPanel title="Session cost" onClose={onClose} testId="cost-panel">
      {runs.state === 'loading' && <Spinner label="Adding up the runs" className="size-4 text-muted-foreground" />}
      {runs.state === 'error' && (
        <p role="alert" className="text-xs text-destructive">
          {runs.message}
        </p>
      )}
      {runs.state === 'ready' && <CostTable runs={runs.runs} models={models} compactionCost={compactionCost} />}
    </CommandPanel>
  );
}

function CostTable({ runs, models, compactionCost }: { runs: RunSummary[]; models: readonly ModelInfo[]; compactionCost?: number }) {
  const spend = sessionSpend(runs, compactionCost);
  if (spend.byModel.length === 0) {
    return <p className="text-xs text-muted-foreground">Nothing spent yet: no run has finished in this session.</p>;
  }
  const name = (key: string) => models.find((model) => model.key === key)?.label ?? key;
  const cost = (usd: number | undefined) => (usd === undefined ? 'no price' : formatCost(usd));
  return (
    <>
      <table className="w-full text-xs tabular-nums" data-testid="cost-table">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="pb-1 text-left font-medium">
              Model
            </th>
            <th scope="col" className="pb-1 text-right font-medium">
              Input
            </th>
            <th scope="col" className="pb-1 text-right font-medium">
              Output
            </th>
            <th scope="col" className="pb-1 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {spend.byModel.map((row) => (
            <tr key={row.modelKey} className="border-t align-top" data-testid="cost-row" data-model-key={row.modelKey}>
              <th scope="row" className="max-w-40 py-1 pr-2 text-left font-normal break-words">
                {name(row.modelKey)}
                <span className="block text-muted-foreground">
                  {row.runs} {row.runs === 1 ? 'run' : 'runs'}
                </span>
              </th>
              <td className="py-1 text-right" title={`${formatNumber(row.usage.inputTokens)} input tokens`}>
                {formatTokens(row.usage.inputTokens)}
                {row.usage.cachedInputTokens > 0 && <span className="block text-muted-foreground">{formatTokens(row.usage.cachedInputTokens)} cached</span>}
              </td>
              <td className="py-1 text-right" title={`${formatNumber(row.usage.outputTokens)} output tokens`}>
                {formatTokens(row.usage.outputTokens)}
                {row.usage.reasoningTokens > 0 && <span className="block text-muted-foreground">{formatTokens(row.usage.reasoningTokens)} reasoning</span>}
              </td>
              <td className="py-1 pl-2 text-right">{cost(row.cost)}</td>
            </tr>
          ))}
          {compactionCost !== undefined && (
            <tr className="border-t">
              <th scope="row" className="py-1 text-left font-normal" colSpan={3}>
                Compaction summaries
              </th>
              <td className="py-1 text-right">{formatCost(compactionCost)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="border-t font-medium" data-testid="cost-total">
            <th scope="row" className="pt-1 text-left">
              Total
            </th>
            <td className="pt-1 text-right">{formatTokens(spend.total.inputTokens)}</td>
            <td className="pt-1 text-right">{formatTokens(spend.total.outputTokens)}</td>
            <td className="pt-1 pl-2 text-right">{spend.cost === undefined ? '—' : formatCost(spend.cost)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-[11px] text-muted-foreground">
        At list prices{spend.total.estimated ? '; some token counts are estimated' : ''}.
        {spend.unpriced.length > 0 && ` No price is known for ${spend.unpriced.map(name).join(', ')}: the total leaves it out.`}
        {spend.running > 0 && ' A run still going is counted when it ends.'}
      </p>
    </>
  );
}
