'use client';

import { useId, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { ResourceIcon } from '@/components/chat/resource-icon';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { lazyPart } from '@/components/ui/lazy-part';
import { formatNumber } from '@/lib/client/format';
import { cn } from '@/lib/utils';

/** Resources attached with `@`, as compact chips: in the composer (removable) and in a sent message (each expands to what the model read). */

const DraftResourceChips = lazyPart(() => import('@/components/chat/composer-resource-chips').then((module) => module.DraftResourceChips));


/** The chips of the draft, each with a remove button: drawn only once a resource is attached, a chunk of its own. */
export function ComposerResourceChips({ resources, onRemove }: { resources: readonly McpResourceAttachment[]; onRemove: (resource: McpResourceAttachment) => void }) {
  if (resources.length === 0) return null;
  return <DraftResourceChips resources={resources} onRemove={onRemove} />;
}

/** In a sent message: one chip per resource; pressing it shows the text the model read. */
export function MessageResourceChips({ resources }: { resources: readonly McpResourceAttachment[] }) {
  if (resources.length === 0) return null;
  return (
    <ul className="flex max-w-[85%] flex-col items-end gap-1" aria-label="Attached resources">
      {resources.map((resource, index) => (
        <li key={`${resource.server}\n${resource.uri}\n${index}`} className="flex max-w-full flex-col items-end">
          <MessageResourceChip resource={resource} />
        </li>
      ))}
    </ul>
  );
}

function describeContent(resource: McpResourceAttachment): string {
  if (resource.binary) return `${resource.binary.mimeType}, ${formatNumber(resource.binary.bytes)} bytes (not sent to the model)`;
  if (resource.text === undefined) return 'attached';
  const chars = resource.text.length + (resource.truncatedChars ?? 0);
  return resource.truncatedChars ? `${formatNumber(chars)} characters, first ${formatNumber(resource.text.length)} sent` : `${formatNumber(chars)} characters`;
}

function MessageResourceChip({ resource }: { resource: McpResourceAttachment }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const expandable = resource.text !== undefined;
  return (
    <>
      <button
        type="button"
        className={cn(
          'flex max-w-full items-center gap-1.5 rounded-lg border bg-card px-2 py-1 text-left text-xs text-muted-foreground shadow-xs',
          expandable ? 'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none' : 'cursor-default',
        )}
        aria-expanded={expandable ? open : undefined}
        aria-controls={expandable ? contentId : undefined}
        disabled={!expandable}
        onClick={() => setOpen((value) => !value)}
        data-testid="message-resource-chip"
        title={resource.uri}
      >
        <ResourceIcon resource={resource} />
        <span className="truncate font-medium text-foreground">{resource.name}</span>
        <span className="hidden shrink-0 sm:inline">· {resource.server}</span>
        <span className="shrink-0">· {describeContent(resource)}</span>
        {expandable && <ChevronDownIcon className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-180')} />}
      </button>
      {open && expandable && (
        <pre
          id={contentId}
          className="mt-1 max-h-72 w-full max-w-full overflow-auto rounded-lg border bg-muted/40 p-2.5 text-left font-mono text-xs whitespace-pre-wrap break-words"
          data-testid="message-resource-content"
        >
          <span className="mb-1 block text-muted-foreground">{resource.uri}</span>
          {resource.text}
          {resource.truncatedChars ? `\n[… ${formatNumber(resource.truncatedChars)} more characters left out]` : ''}
        </pre>
      )}
    </>
  );
}
