'use client';

import { useState } from 'react';
import { ChevronDownIcon, FoldVerticalIcon, Undo2Icon } from 'lucide-react';
import { Markdown } from '@/components/chat/markdown';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { CompactionEntry } from '@/lib/api-types';
import { formatCost, formatNumber, formatTokens } from '@/lib/client/format';
import { cn } from '@/lib/utils';
import { scrollToMessage } from './scroll-to-message';
import { useSessionContext } from './session-context';

const TRIGGER_LABEL: Record<CompactionEntry['trigger'], string> = {
  auto: 'automatic',
  length: 'after an output-limit stop',
  manual: '/compact',
};

function MessageLink({ messageId, children }: { messageId: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className="max-w-full truncate text-left underline decoration-dotted underline-offset-2 hover:text-foreground"
      onClick={() => scrollToMessage(messageId)}
      data-testid="compaction-item-link"
      data-target={messageId}
    >
      {children}
    </button>
  );
}

/**
 * Where the model's view of the conversation changed: "Context compacted:
 * 142k → 38k tokens". Expands to the summary and every pruned, summarized or
 * dropped item, each linking to the original message (which stays above).
 */
export function CompactionDivider({ entry, describe }: { entry: CompactionEntry; describe: (messageId: string) => string }) {
  const context = useSessionContext();
  const [open, setOpen] = useState(false);
  const { record } = entry;
  const undone = entry.undoneAt !== null;
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section
        className={cn('rounded-xl border border-dashed px-3 py-2 text-sm', undone ? 'opacity-60' : 'bg-muted/30')}
        data-testid="compaction-divider"
        data-compaction-id={entry.id}
        data-undone={undone || undefined}
        aria-label="Context compacted"
      >
        <div className="flex flex-wrap items-center gap-2">
          <FoldVerticalIcon className="size-4 text-muted-foreground" aria-hidden />
          <span className="font-medium" data-testid="compaction-title">
            Context compacted: {formatTokens(record.tokensBefore)} → ≈{formatTokens(record.tokensAfter)} tokens
          </span>
          <Badge tone="neutral">{TRIGGER_LABEL[entry.trigger]}</Badge>
          {undone && <Badge tone="warning">Undone</Badge>}
          <div className="ml-auto flex items-center gap-1">
            {entry.active && context && (
              <Button
                size="xs"
                variant="ghost"
                onClick={() => void context.undo(entry.id)}
                disabled={context.running}
                title="The next request sees the full context again"
                data-testid="compaction-undo"
              >
                <Undo2Icon />
                Undo
              </Button>
            )}
            <CollapsibleTrigger asChild>
              <Button size="xs" variant="ghost" data-testid="compaction-toggle" aria-label={open ? 'Hide the details' : 'Show the summary and what was compacted'}>
                {open ? 'Hide' : 'Details'}
                <ChevronDownIcon className={cn('transition-transform', open && 'rotate-180')} />
              </Button>
            </CollapsibleTrigger>
          </div>
        </div>
        <CollapsibleContent className="mt-2 space-y-3 border-t pt-2" data-testid="compaction-details">
          {record.summary ? (
            <div data-testid="compaction-summary">
              <p className="mb-1 text-xs font-medium text-muted-foreground">
                Summary the model sees instead of {record.summarizedIds.length} message{record.summarizedIds.length === 1 ? '' : 's'}
                {record.focus ? ` (focus: ${record.focus})` : ''}
              </p>
              <div className="rounded-lg bg-background px-3 py-2">
                <Markdown text={record.summary} streaming={false} />
              </div>
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">No summary: {record.summaryError ? `the summarizer failed (${record.summaryError}).` : 'pruning was enough.'}</p>
          )}
          <ItemList
            title="Summarized messages"
            testId="compaction-summarized"
            items={record.summarizedIds.map((id) => ({ id, label: describe(id) }))}
          />
          <ItemList
            title="Pruned tool outputs"
            testId="compaction-pruned"
            items={record.pruned.map((p) => ({ id: p.messageId, label: `${p.toolName} · ${formatNumber(p.chars)} characters cleared` }))}
          />
          <ItemList
            title="Dropped messages"
            testId="compaction-dropped"
            items={record.dropped.map((d) => ({ id: d.messageId, label: `${d.role}: ${d.preview}` }))}
          />
          <p className="text-xs text-muted-foreground">
            {record.model ? `Summary by ${record.model}` : 'No model call'}
            {record.cost !== undefined ? ` · ${formatCost(record.cost)}` : ''} · tiers: {record.tiers.join(' → ')} · the transcript above keeps every original message.
          </p>
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}

function ItemList({ title, items, testId }: { title: string; items: Array<{ id: string; label: string }>; testId: string }) {
  if (!items.length) return null;
  return (
    <div data-testid={testId}>
      <p className="mb-1 text-xs font-medium text-muted-foreground">
        {title} ({items.length})
      </p>
      <ul className="max-h-40 space-y-0.5 overflow-y-auto text-xs text-muted-foreground">
        {items.map((item, index) => (
          <li key={`${item.id}-${index}`} className="truncate">
            <MessageLink messageId={item.id}>{item.label}</MessageLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
