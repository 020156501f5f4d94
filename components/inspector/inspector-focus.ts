'use client';

import { useEffect, useSyncExternalStore } from 'react';

/**
 * The inspector's one entry point from the rest of the page: `focusRun(runId, stepNumber?)` opens
 * the inspector and brings that run (unfolded) or one of its steps into view, with focus on it.
 * The page that has an inspector registers how to open it (`useInspectorOpener`); the inspector's
 * runs read the request (`useInspectorFocus`) and, once one has shown it, settle it.
 * A tiny module store, not a context: the panel is its own chunk, loaded on first open, and the
 * callers (a message's footer, a slash command) sit far from it in the tree.
 */

export interface InspectorFocus {
  runId: string;
  /** The step (its stepNumber) to show within the run; absent: the run itself. */
  stepNumber?: number;
  /** Tells two requests for the same run apart (a second press scrolls there again). */
  id: number;
}

let current: InspectorFocus | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const openers = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Opens the inspector on a run (and step); false when this page has no inspector to open. */
export function focusRun(runId: string, stepNumber?: number): boolean {
  const open = [...openers].at(-1);
  if (!open) return false;
  current = { runId, ...(stepNumber === undefined ? {} : { stepNumber }), id: nextId++ };
  open();
  emit();
  return true;
}

/** The run that shows the request calls this once it has: a later re-render does not scroll again. */
export function settleInspectorFocus(id: number) {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending request to show a run, if any. */
export function useInspectorFocus(): InspectorFocus | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The page that has an inspector: how `focusRun` opens it, for as long as the page is mounted (the latest callback). */
export function useInspectorOpener(open: () => void) {
  useEffect(() => {
    openers.add(open);
    return () => {
      openers.delete(open);
    };
  });
}
