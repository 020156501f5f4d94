'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { EditableRequest } from '@/lib/agent/editable-request';

/** A step picked for "Diff two steps": where it is and its request. */
export interface PickedStep {
  key: string;
  label: string;
  request: EditableRequest;
  /** When the step started (ISO): the earlier of two picks is the diff's "before". */
  startedAt: string;
}

interface DiffSelection {
  picked: PickedStep[];
  isPicked(key: string): boolean;
  /** Picks or unpicks a step; a third pick replaces the older of the two. */
  toggle(step: PickedStep): void;
  clear(): void;
}

const DiffSelectionContext = createContext<DiffSelection | null>(null);

/** The inspector's two-step selection, shared by every step card of every run. */
export function DiffSelectionProvider({ children }: { children: ReactNode }) {
  const [picked, setPicked] = useState<PickedStep[]>([]);
  const toggle = useCallback((step: PickedStep) => {
    setPicked((current) => (current.some((p) => p.key === step.key) ? current.filter((p) => p.key !== step.key) : [...current, step].slice(-2)));
  }, []);
  const value = useMemo<DiffSelection>(
    () => ({ picked, isPicked: (key) => picked.some((p) => p.key === key), toggle, clear: () => setPicked([]) }),
    [picked, toggle],
  );
  return <DiffSelectionContext.Provider value={value}>{children}</DiffSelectionContext.Provider>;
}

export function useDiffSelection(): DiffSelection | null {
  return useContext(DiffSelectionContext);
}
