'use client';

import { useRef } from 'react';
import { BotIcon, FileUpIcon, KeyRoundIcon, Loader2Icon, PanelLeftCloseIcon, PlugIcon, SquarePenIcon } from 'lucide-react';
import { AccountMenu } from '@/components/account/account-menu';
import { CompareLink } from '@/components/compare/compare-link';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { SessionDropZone } from '@/components/sessions/session-drop-zone';
import { SessionList } from '@/components/sessions/session-list';
import { useImportSession } from '@/components/sessions/use-import-session';
import { useSidebar } from '@/components/shell/sidebar-context';
import { useStartNewSession } from '@/components/shell/use-start-new-session';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { IntentLink } from '@/components/ui/intent-link';

/** The settings pages at the foot of the sidebar. */
const SETTINGS_LINKS = [
  { href: '/settings/mcp-servers', label: 'MCP servers', Icon: PlugIcon, testId: 'settings-open' },
  { href: '/settings/providers', label: 'Provider keys', Icon: KeyRoundIcon, testId: 'provider-keys-open' },
] as const;

/** Sidebar contents, shared by the desktop column and the mobile sheet. */
export function AppSidebar({ variant }: { variant: 'column' | 'sheet' }) {
  const { setMobileOpen } = useSidebar();
  const closeSheet = variant === 'sheet' ? () => setMobileOpen(false) : undefined;
  const { importFile, importing } = useImportSession({ onImported: closeSheet });

  return (
    <div className="flex h-full min-h-0 flex-col bg-sidebar" data-testid="sidebar">
      <SidebarHeader variant={variant} closeSheet={closeSheet} />

      <div className="flex shrink-0 gap-1.5 px-2 pb-2">
        <NewSessionButton closeSheet={closeSheet} />
        <CompareLink onNavigate={closeSheet} />
        <ImportSessionButton importing={importing} onFile={(file) => void importFile(file)} />
      </div>

      <div className="px-4 pt-2 pb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Sessions</div>
      <SessionDropZone className="flex min-h-0 flex-1 flex-col" onFile={(file) => void importFile(file)}>
        <nav className="min-h-0 flex-1 overflow-y-auto pb-3" aria-label="Sessions">
          <SessionList onNavigate={closeSheet} />
        </nav>
      </SessionDropZone>

      <div className="shrink-0 border-t px-2 pt-2">
        {SETTINGS_LINKS.map(({ href, label, Icon, testId }) => (
          <Button key={href} variant="ghost" size="sm" className="w-full justify-start gap-2 text-muted-foreground" asChild>
            <IntentLink href={href} onClick={closeSheet} data-testid={testId}>
              <Icon />
              {label}
            </IntentLink>
          </Button>
        ))}
      </div>
      <div className="shrink-0 px-2 pt-1">
        <AccountMenu onNavigate={closeSheet} />
      </div>
      <div className="flex shrink-0 items-center justify-between gap-2 px-3 py-2.5">
        <span className="text-xs text-muted-foreground">Theme</span>
        <ThemeToggle />
      </div>
    </div>
  );
}

/** The app's name (a link home) and, in the column, the button that hides it. */
function SidebarHeader({ variant, closeSheet }: { variant: 'column' | 'sheet'; closeSheet?: () => void }) {
  const { setCollapsed } = useSidebar();
  return (
    <div className="flex h-13 shrink-0 items-center gap-2 px-3">
      <IntentLink
        href="/"
        onClick={closeSheet}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <span className="flex size-6 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <BotIcon className="size-3.5" />
        </span>
        <span className="truncate text-sm">Agent Playground</span>
      </IntentLink>
      {variant === 'column' && (
        <WithTooltip label="Hide sidebar" side="right">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Hide sidebar"
            data-testid="sidebar-collapse"
            className="text-muted-foreground"
            onClick={() => setCollapsed(true)}
          >
            <PanelLeftCloseIcon />
          </Button>
        </WithTooltip>
      )}
    </div>
  );
}

function NewSessionButton({ closeSheet }: { closeSheet?: () => void }) {
  const start = useStartNewSession();

  function startNewSession() {
    closeSheet?.();
    start();
  }

  return (
    <WithTooltip label="Start a new session" side="right">
      <Button variant="outline" className="min-w-0 flex-1 justify-start gap-2 bg-background" data-testid="new-session" onClick={startNewSession}>
        <SquarePenIcon />
        New session
      </Button>
    </WithTooltip>
  );
}

/** Opens a file picker for a session export (.json); the import itself is `onFile`'s. */
function ImportSessionButton({ importing, onFile }: { importing: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <WithTooltip label="Import a session from a JSON export" side="right">
        <Button
          variant="outline"
          size="icon"
          className="bg-background text-muted-foreground"
          aria-label="Import session…"
          aria-busy={importing || undefined}
          disabled={importing}
          data-testid="import-session"
          onClick={() => input.current?.click()}
        >
          {importing ? <Loader2Icon className="animate-spin" /> : <FileUpIcon />}
        </Button>
      </WithTooltip>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="hidden"
        tabIndex={-1}
        data-testid="import-session-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
