'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ColumnsIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Composer } from '@/components/chat/composer';
import { useDraft, useDraftText, type Draft } from '@/components/chat/hooks/use-draft';
import { CompareColumn, type ColumnControls } from '@/components/compare/compare-column';
import { PricingProvider, useModelPricing } from '@/components/models/pricing-context';
import { PageHeader } from '@/components/shell/page-header';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { CompareColumnView } from '@/lib/api/compare-request';
import { readError } from '@/lib/client/api-error';
import { continueCompareColumn } from '@/lib/client/compare-api';
import type { ModelInfo } from '@/lib/models/types';

const InspectorPanel = dynamic(() => import('@/components/inspector/inspector-panel').then((module) => module.InspectorPanel), { ssr: false });

/**
 * A comparison: its columns side by side (they scroll sideways when the screen
 * is narrow), each streaming its own session, and one composer whose follow-up
 * goes to every column at once.
 */
export function CompareView({ groupId, columns, models }: { groupId: string; columns: CompareColumnView[]; models: ModelInfo[] }) {
  const router = useRouter();
  const { upsert } = useSessionActions();
  const draft = useDraft();
  const controls = useRef(new Map<string, ColumnControls>());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [continuing, setContinuing] = useState<string | null>(null);
  // Counts runs that ended: the inspector reads the server again.
  const [runsEnded, setRunsEnded] = useState(0);
  // The first column's first message, once sent: the comparison's title.
  const [prompt, setPrompt] = useState<string | undefined>(undefined);
  const firstColumnId = columns[0]?.session.id;

  const onControls = useCallback((sessionId: string, next: ColumnControls | null) => {
    if (sessionId === firstColumnId && next?.prompt) setPrompt(next.prompt);
    const wasBusy = controls.current.get(sessionId)?.busy ?? false;
    if (next) controls.current.set(sessionId, next);
    else controls.current.delete(sessionId);
    const busy = Boolean(next?.busy);
    if (busy === wasBusy) return;
    setBusyIds(new Set([...controls.current].flatMap(([id, column]) => (column.busy ? [id] : []))));
    if (!busy) setRunsEnded((count) => count + 1);
  }, [firstColumnId]);

  const sendToAll = useCallback(
    (text: string) => {
      draft.markSent(text);
      for (const column of controls.current.values()) column.send(text);
    },
    [draft],
  );
  const stopAll = useCallback(async () => {
    await Promise.all([...controls.current.values()].filter((column) => column.busy).map((column) => column.stop()));
  }, []);

  async function continueColumn(sessionId: string) {
    setContinuing(sessionId);
    try {
      const session = await continueCompareColumn(groupId, sessionId);
      upsert(session);
      router.push(`/s/${session.id}`);
    } catch (error) {
      toast.error('Could not continue in this session', { description: readError(error).message });
      setContinuing(null);
    }
  }

  const title = useMemo(() => comparisonTitle(prompt, columns), [prompt, columns]);
  const inspectedBusy = inspecting !== null && busyIds.has(inspecting);
  const pricing = useModelPricing(models);
  return (
    <PricingProvider value={pricing}>
      <PageHeader>
        <Link href="/compare" className="flex items-center gap-1.5 rounded-md px-1.5 py-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <ColumnsIcon className="size-4" aria-hidden />
          Compare
        </Link>
        <span className="text-muted-foreground" aria-hidden>
          /
        </span>
        <h1 className="min-w-0 truncate text-sm font-medium" data-testid="compare-title">
          {title}
        </h1>
      </PageHeader>
      <div
        className="flex min-h-0 flex-1 snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain p-3 sm:snap-none"
        data-testid="compare-columns"
        role="group"
        aria-label={`${columns.length} columns`}
      >
        {columns.map((column, index) => (
          <CompareColumn
            key={column.session.id}
            column={column}
            index={index}
            model={models.find((model) => model.key === column.session.modelKey)}
            draft={draft}
            onControls={onControls}
            onInspect={setInspecting}
            onContinue={(sessionId) => void continueColumn(sessionId)}
            continuing={continuing === column.session.id}
          />
        ))}
      </div>
      <CompareComposer draft={draft} busy={busyIds.size > 0} count={columns.length} onSend={sendToAll} onStop={stopAll} />
      {inspecting && <InspectorPanel sessionId={inspecting} open onOpenChange={(open) => !open && setInspecting(null)} refreshKey={runsEnded} live={inspectedBusy} />}
    </PricingProvider>
  );
}

/** The follow-up box: its own component, so typing renders it alone and not the streaming columns. */
function CompareComposer({ draft, busy, count, onSend, onStop }: { draft: Draft; busy: boolean; count: number; onSend: (text: string) => void; onStop: () => Promise<void> }) {
  const text = useDraftText(draft);
  const [stopping, setStopping] = useState(false);
  return (
    <div className="shrink-0 border-t bg-background px-3 pt-2 pb-3" data-testid="compare-composer">
      <Composer
        value={text}
        onChange={(value) => draft.setDraft(value)}
        onSend={() => onSend(draft.get())}
        onStop={() => {
          setStopping(true);
          void onStop().finally(() => setStopping(false));
        }}
        busy={busy}
        stopping={stopping}
        placeholder={`A follow-up for all ${count} columns…`}
        inputRef={draft.inputRef}
        className="mx-auto max-w-3xl"
      />
    </div>
  );
}

/** The prompt the comparison started with (its first column's first message), else the session's title, else what it is. */
function comparisonTitle(prompt: string | undefined, columns: CompareColumnView[]): string {
  if (prompt) return prompt.length > 80 ? `${prompt.slice(0, 79)}…` : prompt;
  const title = columns[0]?.session.title;
  return title && title !== 'New session' ? title : 'New comparison';
}
