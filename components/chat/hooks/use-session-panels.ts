'use client';

import { useMemo, useState } from 'react';

export type SessionPanel = 'inspector' | 'settings' | 'workspace' | 'grants' | 'share';

/** Which of the session's side panels are open; each opens and closes on its own. */
export function useSessionPanels() {
  const [open, setOpen] = useState<ReadonlySet<SessionPanel>>(new Set());
  return useMemo(() => {
    const set = (panel: SessionPanel, value: boolean) =>
      setOpen((current) => {
        if (current.has(panel) === value) return current;
        const next = new Set(current);
        if (value) next.add(panel);
        else next.delete(panel);
        return next;
      });
    return {
      isOpen: (panel: SessionPanel) => open.has(panel),
      set,
      toggle: (panel: SessionPanel) => set(panel, !open.has(panel)),
    };
  }, [open]);
}

export type SessionPanels = ReturnType<typeof useSessionPanels>;
