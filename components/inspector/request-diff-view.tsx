'use client';

import { useEffect, useMemo, useRef } from 'react';
import { diffWordsWithSpace } from 'diff';
import { XIcon } from 'lucide-react';
import type { ModelMessage } from 'ai';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { PickedStep } from '@/components/inspector/diff-selection';
import { diffRequests, messageText, type MessageChange } from '@/lib/agent/request-diff';
import { cn } from '@/lib/utils';

/**
 * What changed from one step's request to another's: messages, compaction, tools, instructions, settings.
 * `label` names the region (default: two steps' requests); `autoScroll` brings it into view when the steps change.
 */
export function RequestDiffView({
  steps,
  onClose,
  label = "Diff of two steps' requests",
  autoScroll = true,
}: {
  steps: [PickedStep, PickedStep];
  onClose: () => void;
  label?: string;
  autoScroll?: boolean;
}) {
  const [before, after] = [...steps].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const diff = useMemo(() => diffRequests(before.request, after.request), [before, after]);
  const ref = useRef<HTMLElement>(null);
  // The second pick is usually far down the list: bring the diff (at the top) into view.
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    if (autoScroll) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [before.key, after.key, autoScroll]);
  const { counts, tools } = diff;
  const toolChanges = [
    ...tools.added.map((name) => `+ ${name}`),
    ...tools.removed.map((name) => `− ${name}`),
    ...tools.switchedOn.map((name) => `${name} on`),
    ...tools.switchedOff.map((name) => `${name} off`),
  ];

  return (
    <section ref={ref} className="flex flex-col gap-3 rounded-xl border bg-card p-3 text-sm" data-testid="request-diff" aria-label={label}>
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-medium">
            {before.label} → {after.label}
          </h3>
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="request-diff-summary">
            {diff.identical
              ? 'The two requests are the same.'
              : `${counts.added} added · ${counts.removed} removed · ${counts.changed} changed · ${counts.same} unchanged messages`}
          </p>
        </div>
        <Button type="button" variant="ghost" size="icon-xs" aria-label="Close the diff" onClick={onClose} data-testid="request-diff-close">
          <XIcon />
        </Button>
      </header>

      {diff.compaction && (
        <p className="rounded-md border border-sky-500/30 bg-sky-500/5 px-2 py-1.5 text-xs" data-testid="request-diff-compaction">
          Compaction: {diff.compaction.removed} earlier message{diff.compaction.removed === 1 ? '' : 's'} no longer sent
          {diff.compaction.summary ? ', replaced by a summary.' : ' (oldest turns dropped).'}
        </p>
      )}
      {toolChanges.length > 0 && (
        <p className="flex flex-wrap items-center gap-1 text-xs" data-testid="request-diff-tools">
          <span className="text-muted-foreground">Tools:</span>
          {toolChanges.map((change) => (
            <Badge key={change} tone="outline" className="font-mono">
              {change}
            </Badge>
          ))}
        </p>
      )}
      {diff.settings.length > 0 && (
        <p className="text-xs" data-testid="request-diff-settings">
          <span className="text-muted-foreground">Settings: </span>
          {diff.settings.map((s) => `${s.key} ${s.before ?? 'default'} → ${s.after ?? 'default'}`).join(' · ')}
        </p>
      )}
      {diff.instructions && (
        <div className="flex flex-col gap-1" data-testid="request-diff-instructions">
          <span className="text-xs text-muted-foreground">Instructions changed</span>
          <TextDiff before={diff.instructions.before} after={diff.instructions.after} />
        </div>
      )}

      <ol className="flex flex-col gap-1.5" aria-label="Messages">
        {groupSame(diff.messages).map((item, index) =>
          'same' in item ? (
            <li key={`same-${index}`} className="px-1 text-xs text-muted-foreground">
              {item.same} unchanged message{item.same === 1 ? '' : 's'}
            </li>
          ) : (
            <MessageChangeRow key={`${item.kind}-${item.beforeIndex}-${item.afterIndex}`} change={item} />
          ),
        )}
      </ol>
    </section>
  );
}

const KIND_STYLE: Record<Exclude<MessageChange['kind'], 'same'>, { label: string; className: string }> = {
  added: { label: 'added', className: 'border-emerald-500/40 bg-emerald-500/5' },
  removed: { label: 'removed', className: 'border-rose-500/40 bg-rose-500/5' },
  changed: { label: 'changed', className: 'border-amber-500/40 bg-amber-500/5' },
};

function MessageChangeRow({ change }: { change: MessageChange }) {
  const kind = change.kind as Exclude<MessageChange['kind'], 'same'>;
  const message = (change.after ?? change.before)!;
  return (
    <li className={cn('flex flex-col gap-1 rounded-md border px-2 py-1.5', KIND_STYLE[kind].className)} data-testid="request-diff-message" data-kind={kind}>
      <span className="flex items-center gap-2 text-xs">
        <Badge tone="outline">{KIND_STYLE[kind].label}</Badge>
        <span className="font-medium">{message.role}</span>
        <span className="text-muted-foreground tabular-nums">
          {change.beforeIndex !== undefined ? `#${change.beforeIndex + 1}` : ''}
          {change.beforeIndex !== undefined && change.afterIndex !== undefined ? ' → ' : ''}
          {change.afterIndex !== undefined ? `#${change.afterIndex + 1}` : ''}
        </span>
      </span>
      {kind === 'changed' ? <TextDiff before={previewOf(change.before!)} after={previewOf(change.after!)} /> : <Preview text={previewOf(message)} />}
    </li>
  );
}

function Preview({ text }: { text: string }) {
  return <p className="line-clamp-4 text-xs break-words whitespace-pre-wrap">{text || '(empty)'}</p>;
}

function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <p className="max-h-60 overflow-auto rounded bg-muted/40 px-2 py-1 text-xs break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="bg-emerald-500/20 no-underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className="bg-rose-500/20">
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

function previewOf(message: ModelMessage): string {
  return messageText(message);
}

/** Runs of unchanged messages collapse into one line. */
function groupSame(changes: readonly MessageChange[]): Array<MessageChange | { same: number }> {
  const out: Array<MessageChange | { same: number }> = [];
  for (const change of changes) {
    const last = out.at(-1);
    if (change.kind === 'same') {
      if (last && 'same' in last) last.same++;
      else out.push({ same: 1 });
    } else out.push(change);
  }
  return out;
}
