'use client';

import { GrantsSheet } from '@/components/agent/grants-sheet';
import type { SessionPanels } from '@/components/chat/hooks/use-session-panels';
import { InspectorPanel } from '@/components/inspector/inspector-panel';
import { SessionSettingsSheet } from '@/components/settings/session-settings-sheet';
import { ShareDialog } from '@/components/share/share-dialog';
import { WorkspacePanel } from '@/components/workspace/workspace-panel';
import type { ModelInfo } from '@/lib/models/types';

/** The session's side panels: grants, workspace files, the inspector, the settings and sharing. */
export function SessionSheets({
  sessionId,
  models,
  panels,
  runsVersion,
  filesVersion,
  live,
}: {
  sessionId: string;
  models: ModelInfo[];
  panels: SessionPanels;
  /** Changes when a run ended: the lists read the server again. */
  runsVersion: number;
  filesVersion: string;
  live: boolean;
}) {
  return (
    <>
      <GrantsSheet sessionId={sessionId} open={panels.isOpen('grants')} onOpenChange={(open) => panels.set('grants', open)} refreshKey={runsVersion} />
      <WorkspacePanel sessionId={sessionId} open={panels.isOpen('workspace')} onOpenChange={(open) => panels.set('workspace', open)} version={filesVersion} />
      <InspectorPanel sessionId={sessionId} open={panels.isOpen('inspector')} onOpenChange={(open) => panels.set('inspector', open)} refreshKey={runsVersion} live={live} />
      <SessionSettingsSheet sessionId={sessionId} models={models} open={panels.isOpen('settings')} onOpenChange={(open) => panels.set('settings', open)} />
      <ShareDialog sessionId={sessionId} open={panels.isOpen('share')} onOpenChange={(open) => panels.set('share', open)} />
    </>
  );
}
