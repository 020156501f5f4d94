'use client';

import { DiffView } from '@/components/agent/diff-view';
import { TodoItems } from '@/components/agent/todo-checklist';
import { field, type ToolPart } from '@/components/agent/tool-part';
import { VisibleText } from '@/components/ui/visible-text';
import { commandOf, ExitCode, exitCodeOf, expressionOf, LineCounts, readChange, resultOf, todosOf } from './tool-fields';

/**
 * What the tool renderers draw above a successful call's raw output (ToolRenderer.Output): one chunk of its own,
 * fetched when a card with an output first opens. The cards' headers (title, icon, summary) stay in the first load.
 */

/** The command and what it printed, in a terminal-like block (dark in both themes, as terminals are). */
export function BashOutput({ part }: { part: ToolPart }) {
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

export function CalculatorOutput({ part }: { part: ToolPart }) {
  const expression = expressionOf(part);
  const result = resultOf(part.output);
  if (result === undefined) return null;
  return (
    <div className="rounded-lg border bg-muted/40 px-3 py-2 font-mono text-sm" data-testid="calculator-result">
      <span className="text-muted-foreground">{expression ?? '?'} =</span> <span className="font-semibold">{result}</span>
    </div>
  );
}

export function FileChangeOutput({ part }: { part: ToolPart }) {
  const change = readChange(part);
  if (!change || change.patch === undefined) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="file-change">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="truncate font-mono text-foreground">
          <VisibleText text={change.path ?? ''} />
        </span>
        {change.created && <span className="rounded border border-success/40 bg-success/10 px-1.5 text-[11px] text-success-text">new file</span>}
        {change.replacements !== undefined && change.replacements > 1 && <span>{change.replacements} replacements</span>}
        <span className="flex-1" />
        <LineCounts added={change.linesAdded} removed={change.linesRemoved} />
      </div>
      {change.patch && <DiffView patch={change.patch} />}
      {change.patchTruncated && (
        <p className="text-xs text-muted-foreground" data-testid="diff-note">
          {change.patch ? 'The diff is too large to show in full.' : 'Too many lines changed to show a diff.'}
        </p>
      )}
    </div>
  );
}

/** The matches (name and description), or what enabling did, in the words the model read. */
export function SearchToolsOutput({ part }: { part: ToolPart }) {
  const matches = field(part.output, 'matches');
  const next = field(part.output, 'next');
  return (
    <div className="flex flex-col gap-1.5 text-xs">
      {Array.isArray(matches) && matches.length > 0 && (
        <ul className="flex flex-col gap-1">
          {matches.map((match, index) => {
            const name = field(match, 'name');
            const description = field(match, 'description');
            return (
              <li key={typeof name === 'string' ? name : index}>
                <span className="font-mono">{String(name)}</span>
                {typeof description === 'string' && <span className="text-muted-foreground"> · {description}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {typeof next === 'string' && <p className="text-muted-foreground">{next}</p>}
    </div>
  );
}

export function TaskCompleteOutput({ part }: { part: ToolPart }) {
  const summary = field(part.output, 'summary') ?? field(part.input, 'summary');
  if (typeof summary !== 'string') return null;
  return <p className="text-sm whitespace-pre-wrap">{summary}</p>;
}

export function TodoWriteOutput({ part }: { part: ToolPart }) {
  const todos = todosOf(part);
  return todos ? <TodoItems todos={todos} /> : null;
}
