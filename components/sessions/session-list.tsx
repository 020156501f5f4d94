'use client';

import { useCallback } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { MessagesSquareIcon } from 'lucide-react';
import { SessionListItem } from '@/components/sessions/session-list-item';
import { useSessions } from '@/components/sessions/sessions-provider';
import { useRenameSession } from '@/components/sessions/use-rename-session';

/** The sessions, newest first; the one open in the main pane is highlighted. */
export function SessionList({ onNavigate }: { onNavigate?: () => void }) {
  const { sessions, remove } = useSessions();
  const pathname = usePathname();
  const router = useRouter();
  const activeId = pathname?.startsWith('/s/') ? decodeURIComponent(pathname.slice(3).split('/')[0]) : undefined;

  // The items are memoised and get stable functions: a run's start or end patches one session, and only its row renders.
  const rename = useRenameSession();
  const onDeleted = useCallback(
    (id: string) => {
      remove(id);
      if (id === activeId) router.push('/');
    },
    [remove, activeId, router],
  );

  if (sessions.length === 0) {
    return (
      <div className="mx-2 mt-2 flex flex-col items-center gap-2 rounded-xl border border-dashed px-3 py-6 text-center text-xs text-muted-foreground" data-testid="sessions-empty">
        <MessagesSquareIcon className="size-5 opacity-60" aria-hidden />
        <p>No sessions yet. Press New session to give an agent a task, or drop an exported session (.json) here to import it.</p>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-0.5 px-2" data-testid="session-list" aria-label="Sessions">
      {sessions.map((session) => (
        <SessionListItem
          key={session.id}
          session={session}
          active={session.id === activeId}
          onNavigate={onNavigate}
          onDeleted={onDeleted}
          rename={rename}
        />
      ))}
    </ul>
  );
}
