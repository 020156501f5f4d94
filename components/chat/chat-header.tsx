'use client';

import { memo } from 'react';
import { FolderTreeIcon, GitForkIcon, ScanSearchIcon, Share2Icon, ShieldCheckIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { ModelPicker } from '@/components/models/model-picker';
import { PageHeader } from '@/components/shell/page-header';
import { SessionTitle } from '@/components/chat/session-title';
import { UsageSummary } from '@/components/chat/usage-summary';
import { preloadSessionPanel } from '@/components/chat/session-sheets';
import type { SessionPanel } from '@/components/chat/hooks/use-session-panels';
import type { UsageTotals } from '@/lib/agent/messages';
import type { ModelInfo } from '@/lib/models/types';
import { IntentLink } from '@/components/ui/intent-link';

/** Memoised: the chat view renders at every token; the header's props keep their identity. */
export const ChatHeader = memo(function ChatHeader({
  title,
  onRename,
  models,
  modelKey,
  onModelChange,
  usage,
  contextMeter,
  stepMode,
  inspectorOpen,
  onToggleInspector,
  onOpenSettings,
  onOpenGrants,
  onOpenShare,
  workspaceOpen,
  onToggleWorkspace,
  forkedFrom,
}: {
  title: string;
  onRename: (title: string) => void;
  models: ModelInfo[];
  modelKey: string;
  onModelChange: (key: string) => void;
  usage: UsageTotals | undefined;
  /** The context meter; it includes the session usage, so it replaces the usage summary. */
  contextMeter?: React.ReactNode;
  /** The step mode switch ("pause before each model call"). */
  stepMode?: React.ReactNode;
  inspectorOpen: boolean;
  onToggleInspector: () => void;
  onOpenSettings: () => void;
  onOpenGrants: () => void;
  onOpenShare: () => void;
  workspaceOpen: boolean;
  onToggleWorkspace: () => void;
  /** A fork links back to the session it came from. */
  forkedFrom?: { sessionId: string; messageId: string };
}) {
  return (
    // On a phone the header takes two rows, so the title keeps room to be read: title and panel buttons, then the
    // context meter, the model and step mode.
    <PageHeader className="h-auto min-h-13 flex-wrap gap-x-1 gap-y-1.5 py-2 sm:h-13 sm:flex-nowrap sm:gap-2 sm:py-0">
      <div className="flex min-w-0 flex-1 items-center">
        <SessionTitle title={title} onRename={onRename} />
        {forkedFrom && (
          <IntentLink
            href={`/s/${encodeURIComponent(forkedFrom.sessionId)}`}
            className="ml-1 inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
            title="Open the session this one was forked from"
            data-testid="forked-from"
          >
            <GitForkIcon className="size-3.5" aria-hidden />
            <span className="hidden sm:inline">Forked</span>
          </IntentLink>
        )}
      </div>
      <div className="order-last flex w-full min-w-0 items-center gap-2 sm:order-none sm:w-auto">
        {contextMeter ?? <UsageSummary usage={usage} />}
        <ModelPicker models={models} value={modelKey} onChange={onModelChange} className="max-w-60 sm:max-w-64" />
        {stepMode}
      </div>
      <HeaderToggle label="Session settings: loop limits, retries, timeouts" ariaLabel="Session settings" testId="settings-toggle" panel="settings" onClick={onOpenSettings}>
        <SlidersHorizontalIcon />
      </HeaderToggle>
      <HeaderToggle label="Permissions granted in this session" ariaLabel="Granted permissions" testId="grants-toggle" panel="grants" onClick={onOpenGrants}>
        <ShieldCheckIcon />
      </HeaderToggle>
      <HeaderToggle
        label={workspaceOpen ? 'Close the workspace' : "Workspace: the agent's files"}
        ariaLabel="Workspace files"
        testId="workspace-toggle" panel="workspace"
        pressed={workspaceOpen}
        onClick={onToggleWorkspace}
      >
        <FolderTreeIcon />
      </HeaderToggle>
      <HeaderToggle
        label={inspectorOpen ? 'Close the inspector' : 'Inspect runs: exact requests, timings, usage'}
        ariaLabel="Inspector"
        testId="inspector-toggle" panel="inspector"
        pressed={inspectorOpen}
        onClick={onToggleInspector}
      >
        <ScanSearchIcon />
      </HeaderToggle>
      <HeaderToggle label="Share a read-only link to this session" ariaLabel="Share" testId="share-button" panel="share" onClick={onOpenShare}>
        <Share2Icon />
      </HeaderToggle>
    </PageHeader>
  );
});

/** An icon button in the header with a tooltip; `pressed` makes it a toggle that shows when it is on. */
function HeaderToggle({
  label,
  ariaLabel,
  testId,
  panel,
  pressed,
  onClick,
  children,
}: {
  label: string;
  ariaLabel: string;
  testId: string;
  /** The panel it opens: its code is fetched as soon as the pointer or focus reaches the button. */
  panel: SessionPanel;
  pressed?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <WithTooltip label={label} side="bottom">
      <Button
        variant={pressed ? 'secondary' : 'ghost'}
        size="icon-sm"
        aria-label={ariaLabel}
        aria-pressed={pressed}
        data-testid={testId}
        onClick={onClick}
        onPointerEnter={() => preloadSessionPanel(panel)}
        onFocus={() => preloadSessionPanel(panel)}
      >
        {children}
      </Button>
    </WithTooltip>
  );
}
