'use client';

import { ScanSearchIcon } from 'lucide-react';
import { useConversationActions } from '@/components/chat/conversation-actions';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';

/** How long to wait for the inspector (its own chunk) to list the run before giving up quietly. */
const FIND_RUN_TIMEOUT_MS = 10_000;

function waitForElement(find: () => HTMLElement | null, timeoutMs: number): Promise<HTMLElement | null> {
  const found = find();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = find();
      if (!element) return;
      finish(element);
    });
    const timer = setTimeout(() => finish(null), timeoutMs);
    function finish(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Opens the inspector on the run that wrote this message: the panel opens the way its header button opens it, then
 * the run is unfolded, scrolled to and focused, so its steps (each exact request) are right there.
 */
async function showRunInInspector(runId: string): Promise<boolean> {
  const toggle = document.querySelector<HTMLButtonElement>('[data-testid="inspector-toggle"]');
  if (!toggle) return false;
  if (toggle.getAttribute('aria-pressed') !== 'true') toggle.click();
  const run = await waitForElement(
    () => document.querySelector<HTMLElement>(`[data-testid="inspector-run"][data-run-id="${CSS.escape(runId)}"]`),
    FIND_RUN_TIMEOUT_MS,
  );
  if (!run) return false;
  // After the sheet has put focus on itself (its open effect), so that the run keeps it.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const runToggle = run.querySelector<HTMLElement>('[data-testid="inspector-run-toggle"]');
  if (run.dataset.state === 'closed') runToggle?.click();
  run.scrollIntoView({ block: 'start' });
  runToggle?.focus({ preventScroll: true });
  return true;
}

/** "Show in inspector": the run behind an assistant message, with its exact requests. Session pages only. */
export function ShowInInspectorButton({ runId }: { runId: string | undefined }) {
  const actions = useConversationActions();
  if (!actions || !runId) return null;
  return (
    <WithTooltip label="Show in inspector: the exact requests of this reply's run" side="bottom">
      <Button size="icon-xs" variant="ghost" aria-label="Show in inspector" data-testid="show-in-inspector" onClick={() => void showRunInInspector(runId)}>
        <ScanSearchIcon />
      </Button>
    </WithTooltip>
  );
}
