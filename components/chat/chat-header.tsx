'use client';

import { FolderTreeIcon, ScanSearchIcon, ShieldCheckIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { ModelPicker } from '@/components/models/model-picker';
import { PageHeader } from '@/components/shell/page-header';
import { SessionTitle } from '@/components/chat/session-title';
import { UsageSummary } from '@/components/chat/usage-summary';
import type { UsageTotals } from '@/lib/agent/messages';
import type { ModelInfo } from '@/lib/models/types';

export function ChatHeader({
  title,
  onRename,
  models,
  modelKey,
  onModelChange,
  usage,
  contextMeter,
  inspectorOpen,
  onToggleInspector,
  onOpenSettings,
  onOpenGrants,
  workspaceOpen,
  onToggleWorkspace,
}: {
  title: string;
  onRename: (title: string) => void;
  models: ModelInfo[];
  modelKey: string;
  onModelChange: (key: string) => void;
  usage: UsageTotals | undefined;
  /** The context meter; it includes the session usage, so it replaces the usage summary. */
  contextMeter?: React.ReactNode;
  inspectorOpen: boolean;
  onToggleInspector: () => void;
  onOpenSettings: () => void;
  onOpenGrants: () => void;
  workspaceOpen: boolean;
  onToggleWorkspace: () => void;
}) {
  return (
    <PageHeader>
      <div className="flex min-w-0 flex-1 items-center">
        <SessionTitle title={title} onRename={onRename} />
      </div>
      {contextMeter ?? <UsageSummary usage={usage} />}
      <ModelPicker models={models} value={modelKey} onChange={onModelChange} className="max-w-36 sm:max-w-64" />
      <WithTooltip label="Session settings: loop limits, retries, timeouts" side="bottom">
        <Button variant="ghost" size="icon-sm" aria-label="Session settings" data-testid="settings-toggle" onClick={onOpenSettings}>
          <SlidersHorizontalIcon />
        </Button>
      </WithTooltip>
      <WithTooltip label="Permissions granted in this session" side="bottom">
        <Button variant="ghost" size="icon-sm" aria-label="Granted permissions" data-testid="grants-toggle" onClick={onOpenGrants}>
          <ShieldCheckIcon />
        </Button>
      </WithTooltip>
      <WithTooltip label={workspaceOpen ? 'Close the workspace' : "Workspace: the agent's files"} side="bottom">
        <Button
          variant={workspaceOpen ? 'secondary' : 'ghost'}
          size="icon-sm"
          aria-label="Workspace files"
          aria-pressed={workspaceOpen}
          data-testid="workspace-toggle"
          onClick={onToggleWorkspace}
        >
          <FolderTreeIcon />
        </Button>
      </WithTooltip>
      <WithTooltip label={inspectorOpen ? 'Close the inspector' : 'Inspect runs: exact requests, timings, usage'} side="bottom">
        <Button
          variant={inspectorOpen ? 'secondary' : 'ghost'}
          size="icon-sm"
          aria-label="Inspector"
          aria-pressed={inspectorOpen}
          data-testid="inspector-toggle"
          onClick={onToggleInspector}
        >
          <ScanSearchIcon />
        </Button>
      </WithTooltip>
    </PageHeader>
  );
}
