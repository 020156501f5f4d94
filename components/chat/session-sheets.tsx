'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import type { SessionPanel, SessionPanels } from '@/components/chat/hooks/use-session-panels';
import { useInspectorOpener } from '@/components/inspector/inspector-focus';
import { Spinner } from '@/components/ui/spinner';
import type { ModelInfo } from '@/lib/models/types';
import type { SessionFields } from '@/components/settings/session-settings-sheet';

/**
 * Each panel is its own chunk, fetched the first time it opens (or earlier, when the pointer or focus reaches the
 * button that opens it: preloadSessionPanel), so the session page's first load carries none of them.
 */
const PANEL_MODULES = {
  grants: () => import('@/components/agent/grants-sheet'),
  workspace: () => import('@/components/workspace/workspace-panel'),
  inspector: () => import('@/components/inspector/inspector-panel'),
  settings: () => import('@/components/settings/session-settings-sheet'),
  share: () => import('@/components/share/share-dialog'),
} satisfies Record<SessionPanel, () => Promise<unknown>>;

/** Starts fetching a panel's code before it is opened; safe to call often (the module loads once). */
export function preloadSessionPanel(panel: SessionPanel) {
  void PANEL_MODULES[panel]().catch(() => {
    // Opening the panel tries again and shows its own error.
  });
}

/** Where a panel will be while its code arrives: the same place and width as the sheet, with a spinner. */
function PanelLoading() {
  return (
    <div className="fixed inset-y-0 right-0 z-50 flex w-[min(100vw,40rem)] items-center justify-center border-l bg-background shadow-xl" data-testid="panel-loading">
      <Spinner label="Loading the panel" className="size-5 text-muted-foreground" />
    </div>
  );
}

const GrantsSheet = dynamic(() => PANEL_MODULES.grants().then((module) => module.GrantsSheet), { ssr: false, loading: PanelLoading });
const WorkspacePanel = dynamic(() => PANEL_MODULES.workspace().then((module) => module.WorkspacePanel), { ssr: false, loading: PanelLoading });
const InspectorPanel = dynamic(() => PANEL_MODULES.inspector().then((module) => module.InspectorPanel), { ssr: false, loading: PanelLoading });
const SessionSettingsSheet = dynamic(() => PANEL_MODULES.settings().then((module) => module.SessionSettingsSheet), { ssr: false, loading: PanelLoading });
const ShareDialog = dynamic(() => PANEL_MODULES.share().then((module) => module.ShareDialog), { ssr: false, loading: PanelLoading });

/** Renders its panel from the first time it opens on, so a closed panel that was never opened costs nothing. */
function OnceOpened({ open, children }: { open: boolean; children: React.ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? children : null;
}

/** The session's side panels: grants, workspace files, the inspector, the settings and sharing. */
export function SessionSheets({
  sessionId,
  models,
  panels,
  runsVersion,
  filesVersion,
  live,
  fields,
}: {
  sessionId: string;
  models: ModelInfo[];
  /** The chat's model and permission mode: the settings sheet changes them through these, so the header follows. */
  fields?: SessionFields;
  panels: SessionPanels;
  /** Changes when a run ended: the lists read the server again. */
  runsVersion: number;
  filesVersion: string;
  live: boolean;
}) {
  // "Show in inspector" (focusRun) opens this page's inspector.
  useInspectorOpener(() => panels.set('inspector', true));
  return (
    <>
      <OnceOpened open={panels.isOpen('grants')}>
        <GrantsSheet sessionId={sessionId} open={panels.isOpen('grants')} onOpenChange={(open) => panels.set('grants', open)} refreshKey={runsVersion} />
      </OnceOpened>
      <OnceOpened open={panels.isOpen('workspace')}>
        <WorkspacePanel sessionId={sessionId} open={panels.isOpen('workspace')} onOpenChange={(open) => panels.set('workspace', open)} version={filesVersion} />
      </OnceOpened>
      <OnceOpened open={panels.isOpen('inspector')}>
        <InspectorPanel sessionId={sessionId} open={panels.isOpen('inspector')} onOpenChange={(open) => panels.set('inspector', open)} refreshKey={runsVersion} live={live} />
      </OnceOpened>
      <OnceOpened open={panels.isOpen('settings')}>
        <SessionSettingsSheet sessionId={sessionId} models={models} fields={fields} open={panels.isOpen('settings')} onOpenChange={(open) => panels.set('settings', open)} />
      </OnceOpened>
      <OnceOpened open={panels.isOpen('share')}>
        <ShareDialog sessionId={sessionId} open={panels.isOpen('share')} onOpenChange={(open) => panels.set('share', open)} />
      </OnceOpened>
    </>
  );
}
