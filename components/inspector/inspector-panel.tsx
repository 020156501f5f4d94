'use client';

import { useEffect, useState } from 'react';
import { ScanSearchIcon } from 'lucide-react';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { RunItem } from '@/components/inspector/run-item';
import type { RunSummary } from '@/lib/api-types';
import { fetchRuns } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

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
  const [state, setState] = useState<{ runs?: RunSummary[]; error?: string }>({});
  const version = refreshKey * 10_000 + tick;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetchRuns(sessionId).then(
      (runs) => !cancelled && setState({ runs: [...runs].sort((a, b) => b.startedAt - a.startedAt) }),
      (error) => !cancelled && setState((previous) => ({ ...previous, error: readError(error).message })),
    );
    return () => {
      cancelled = true;
    };
  }, [open, sessionId, version]);

  useEffect(() => {
    if (!open || !live) return;
    const timer = setInterval(() => setTick((t) => t + 1), LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, live]);

  const runs = state.runs;
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
        <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
          {state.error && !runs && <p className="px-1 text-sm text-destructive">Could not load the runs: {state.error}</p>}
          {!runs && !state.error && (
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
      </SheetContent>
    </Sheet>
  );
}
