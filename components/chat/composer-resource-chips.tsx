'use client';

import { XIcon } from 'lucide-react';
import { ResourceIcon } from '@/components/chat/resource-icon';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';

/** The chips of the draft, each with a remove button. */
export function DraftResourceChips({ resources, onRemove }: { resources: readonly McpResourceAttachment[]; onRemove: (resource: McpResourceAttachment) => void }) {
  return (
    <ul className="flex flex-wrap gap-1.5 px-3 pt-2.5" aria-label="Attached resources" data-testid="composer-resources">
      {resources.map((resource) => (
        <li
          key={`${resource.server}\n${resource.uri}`}
          className="flex max-w-full items-center gap-1 rounded-md border bg-muted/60 py-0.5 pr-0.5 pl-2 text-xs"
          data-testid="composer-resource-chip"
          title={resource.uri}
        >
          <ResourceIcon resource={resource} />
          <span className="truncate font-medium">{resource.name}</span>
          <span className="shrink-0 text-muted-foreground">· {resource.server}</span>
          <button
            type="button"
            className="ml-0.5 rounded p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Remove ${resource.name}`}
            onClick={() => onRemove(resource)}
          >
            <XIcon className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}
