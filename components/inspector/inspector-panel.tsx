'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import { ScanSearchIcon } from 'lucide-react';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { RunItem } from '@/components/inspector/run-item';
import { DiffSelectionProvider, useDiffSelection } from '@/components/inspector/diff-selection';
import { RequestDiffView } from '@/components/inspector/request-diff-view';
import { useRuns } from '@/lib/client/data';
import { readError } from '@/lib/client/api-error';
import { onRunStarted } from '@/lib/client/paused-request';

/** While a run is active and the inspector is open, re-read runs and steps this often. */
const LIVE_REFRESH_MS = 2500;

/**
 * The inspector: every run of the session and, per run, each model call with
 * the exact request (keys redacted), response, usage, timings, retries, tools
 * and hooks. Loads when opened; refreshes when a run finishes.
 */
export function InspectorPanel({
  sessionId,
  open,
  onOpenChange,
  refreshKey,
  live,
}: {
  sessionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Changes when a run finishes. */
  refreshKey: number;
  /** A run is active right now. */
  live: boolean;
}) {
  const [tick, setTick] = useState(0);
  const version = refreshKey * 10_000 + tick;
  const { data: runs, error } = useRuns(sessionId, { enabled: open, version });
  const loadError = error ? readError(error).message : undefined;

  useEffect(() => {
    if (!open || !live) return;
    const timer = setInterval(() => setTick((t) => t + 1), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, live]);

  // Edit and re-run started a run on a new branch of this session: the panel steps aside so the chat shows it.
  const close = useEffectEvent(() => onOpenChange(false));
  useEffect(() => onRunStarted(sessionId, () => close()), [sessionId]);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" data-testid="inspector-panel" aria-describedby="inspector-description">
        <PanelSheetHeader
          icon={ScanSearchIcon}
          title="Inspector"
          descriptionId="inspector-description"
          refresh={{ label: 'Reload runs and steps', testId: 'inspector-refresh', onClick: () => setTick((t) => t + 1) }}
        >
          Each run is one agent turn; each step is one model call, with the request exactly as sent (keys redacted).
        </PanelSheetHeader>
        <DiffSelectionProvider>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
            <PickedDiff />
            {loadError && !runs && <p className="px-1 text-sm text-destructive">Could not load the runs: {loadError}</p>}
            {!runs && !loadError && (
              <div className="flex items-center gap-2 px-1 text-sm text-muted-foreground">
                <Spinner /> Loading runs…
              </div>
            )}
            {runs && runs.length === 0 && (
              <p className="px-1 text-sm text-muted-foreground" data-testid="inspector-empty">
                No runs yet. Send a message and each model call will show up here.
              </p>
            )}
            {runs && runs.length > 0 && (
              <div className="flex flex-col gap-1" data-testid="inspector-runs">
                {runs.map((run, index) => (
                  <RunItem key={run.id} run={run} index={runs.length - index} defaultOpen={index === 0} version={version} />
                ))}
              </div>
            )}
          </div>
        </DiffSelectionProvider>
      </SheetContent>
    </Sheet>
  );
}

/** Two steps picked with "Diff…": their requests compared; one picked: a hint to pick another. */
function PickedDiff() {
  const selection = useDiffSelection();
  if (!selection || selection.picked.length === 0) return null;
  const [first, second] = selection.picked;
  if (!second) {
    return (
      <p className="mb-3 rounded-lg border border-dashed px-3 py-2 text-xs text-muted-foreground" data-testid="request-diff-hint">
        {first.label} picked. Pick another step (any run) with <span className="font-medium">Diff…</span> to compare their requests.
      </p>
    );
  }
  return (
    <div className="mb-3">
      <RequestDiffView steps={[first, second]} onClose={selection.clear} />
    </div>
  );
}
