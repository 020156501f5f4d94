'use client';

import { memo, useState } from 'react';
import { FileJsonIcon, FileTextIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { DeleteSessionDialog } from '@/components/sessions/delete-session-dialog';
import { RelativeTime } from '@/components/sessions/relative-time';
import { SessionTitleInput } from '@/components/sessions/session-title-input';
import type { useRenameSession } from '@/components/sessions/use-rename-session';
import type { SessionSummary } from '@/lib/api-types';
import { exportUrl } from '@/lib/client/api';
import { cn } from '@/lib/utils';
import { VisibleText } from '@/components/ui/visible-text';
import { IntentLink } from '@/components/ui/intent-link';

/** One row of the sidebar: title, age, a running dot, and a menu with Rename, Export and Delete. */
export const SessionListItem = memo(function SessionListItem({
  session,
  active,
  onNavigate,
  onDeleted,
  rename,
}: {
  session: SessionSummary;
  active: boolean;
  onNavigate?: () => void;
  onDeleted: (id: string) => void;
  /** From the list (useRenameSession): the item reads no context, so only the session that changed renders. */
  rename: ReturnType<typeof useRenameSession>;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <li
      data-testid="session-item"
      data-session-id={session.id}
      data-active={active || undefined}
      data-running={session.running || undefined}
      className={cn(
        'group/item relative flex items-center rounded-lg text-sm transition-colors',
        active ? 'bg-accent text-accent-foreground' : 'text-foreground/85 hover:bg-accent/60',
      )}
    >
      {editing ? (
        <div className="flex-1 px-1.5 py-1">
          <SessionTitleInput
            initialTitle={session.title}
            onCancel={() => setEditing(false)}
            onSave={(title) => {
              setEditing(false);
              void rename(session.id, title, session.title);
            }}
          />
        </div>
      ) : (
        <SessionLink session={session} active={active} onNavigate={onNavigate} />
      )}

      {!editing && (
        <SessionItemMenu id={session.id} title={session.title} onRename={() => setEditing(true)} onDelete={() => setConfirmingDelete(true)} />
      )}

      <DeleteSessionDialog
        session={session}
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        onDeleted={() => onDeleted(session.id)}
      />
    </li>
  );
});

/** The session's title (with a running dot) and when it last changed; opens the session. */
function SessionLink({ session, active, onNavigate }: { session: SessionSummary; active: boolean; onNavigate?: () => void }) {
  return (
    <IntentLink
      href={`/s/${session.id}`}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-testid="session-link"
      className="flex min-w-0 flex-1 flex-col gap-0.5 rounded-lg px-2.5 py-1.5 pr-8 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex min-w-0 items-center gap-1.5">
        {session.running && (
          <span className="relative flex size-2 shrink-0" role="status" aria-label="Running" data-testid="session-running">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-success/60" />
            <span className="relative inline-flex size-2 rounded-full bg-success" />
          </span>
        )}
        <span className="truncate font-medium" data-testid="session-title">
          <VisibleText text={session.title} />
        </span>
      </span>
      <RelativeTime timestamp={session.updatedAt} className="h-4 text-[11px] text-muted-foreground" />
    </IntentLink>
  );
}

/** Rename, export or delete, from the item's "…" menu. */
function SessionItemMenu({ id, title, onRename, onDelete }: { id: string; title: string; onRename: () => void; onDelete: () => void }) {
  return (
    <DropdownMenu>
      {/* A native title, not a WithTooltip: the menu hands focus back here on close, which would pop a tooltip. */}
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-xs"
          aria-label={`Actions for ${title}`}
          title="Rename, export or delete"
          data-testid="session-menu"
          className="absolute top-1/2 right-1.5 -translate-y-1/2 opacity-0 group-hover/item:opacity-100 group-data-[active]/item:opacity-100 focus-visible:opacity-100 aria-expanded:opacity-100 [@media(hover:none)]:opacity-100"
        >
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="right" className="w-48">
        <DropdownMenuItem data-testid="session-rename" onSelect={onRename}>
          <PencilIcon />
          Rename
        </DropdownMenuItem>
        <ExportItems id={id} />
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" data-testid="session-delete" onSelect={onDelete}>
          <Trash2Icon />
          Delete…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Downloads of the session: the server names the file (Content-Disposition), `download` keeps the page where it is. */
function ExportItems({ id }: { id: string }) {
  return (
    <>
      <DropdownMenuItem asChild data-testid="session-export-json">
        <a href={exportUrl(id, 'json')} download>
          <FileJsonIcon />
          Export as JSON
        </a>
      </DropdownMenuItem>
      <DropdownMenuItem asChild data-testid="session-export-markdown">
        <a href={exportUrl(id, 'markdown')} download>
          <FileTextIcon />
          Export as Markdown
        </a>
      </DropdownMenuItem>
    </>
  );
}
