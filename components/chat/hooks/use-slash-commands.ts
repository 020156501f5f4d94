'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { MODE_INFO } from '@/components/agent/permission-mode-toggle';
import { useForkSession } from '@/components/chat/hooks/use-conversation-actions-value';
import type { SessionPanel } from '@/components/chat/hooks/use-session-panels';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { clearSession, exportUrl } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { EXPORT_FORMATS, type ArgumentOption, type ArgumentSource, type BuiltInAction } from '@/lib/client/slash-commands';
import { whenIdle } from '@/lib/client/when-idle';
import type { ModelInfo } from '@/lib/models/types';
import { PERMISSION_MODES, type PermissionMode } from '@/lib/permissions/policy';

/** What the session lets a command read and change. */
export interface SlashCommandHost {
  sessionId: string;
  /** A run is active. */
  busy: boolean;
  /** The last message of the shown branch: where `/fork` forks. */
  lastMessageId: () => string | undefined;
  models: readonly ModelInfo[];
  modelKey: string;
  onModelChange: (modelKey: string) => void;
  permissionMode: PermissionMode;
  onPermissionModeChange: (mode: PermissionMode) => void;
  openPanel: (panel: Extract<SessionPanel, 'inspector' | 'share'>) => void;
}

/** A panel a command opens above the composer. */
export type CommandPanel = 'help' | 'cost';

/**
 * What running a command came to: `pass` sends the text on as it is (`/compact`
 * is done by the message actions), `done` clears the composer (with a line saying
 * what changed), `refused` keeps the text and says why nothing ran. `later`: the
 * same, once the command has what it needs (nothing is sent meanwhile).
 */
export type CommandResult = { kind: 'done'; notice?: string } | { kind: 'refused'; notice: string };
export type CommandOutcome = { kind: 'pass' } | CommandResult | { kind: 'later'; outcome: Promise<CommandResult> };

type ModelMatching = typeof import('@/lib/client/model-match');
/** `/model`'s matching is a chunk of its own (lib/client/model-match.ts), out of the session page's first load. */
const loadModelMatching = () => import('@/lib/client/model-match');

const EXPORT_INFO: Record<(typeof EXPORT_FORMATS)[number], string> = {
  json: 'Everything, importable again',
  markdown: 'The conversation, to read',
};

/**
 * Runs the built-in slash commands of lib/client/slash-commands.ts against the
 * session: each command does what the matching button does (the model picker,
 * the mode toggle, Fork, Share, the inspector, Export), so the keyboard and the
 * pointer reach the same place. Nothing here ever reaches the model.
 */
export function useSlashCommands(host: SlashCommandHost) {
  const router = useRouter();
  const { upsert } = useSessionActions();
  const fork = useForkSession(host.sessionId);
  const [panel, setPanel] = useState<CommandPanel | null>(null);
  // Fetched when the page is idle; a command typed before that waits for it (`later`), and the menu fills when it is in.
  const [matching, setMatching] = useState<ModelMatching | null>(null);
  const loadMatching = useCallback(() => loadModelMatching().then((module) => (setMatching(() => module), module)), []);
  // A chunk that fails to load is asked for again by the next command or menu (a command then says why).
  useEffect(() => whenIdle(() => void loadMatching().catch(() => {}), { timeoutMs: 3000, fallbackMs: 500 }), [loadMatching]);
  // Commands read the session as it is when they run, not as it was when the composer last rendered.
  const hostRef = useRef(host);
  useEffect(() => {
    hostRef.current = host;
  });

  const execute = useCallback(
    (action: BuiltInAction): CommandOutcome => {
      const current = hostRef.current;
      switch (action.kind) {
        case 'invalid':
          return { kind: 'refused', notice: action.message };
        case 'help':
        case 'cost':
          setPanel(action.kind);
          return { kind: 'done' };
        case 'new':
          router.push('/');
          // The new-session page focuses its composer on this (as after the sidebar's button).
          window.dispatchEvent(new Event('agent-playground:new-session'));
          return { kind: 'done' };
        case 'clear':
          void clearSession(current.sessionId).then(
            (session) => {
              upsert(session);
              router.push(`/s/${session.id}`);
            },
            (error) => toast.error('Could not start a new session', { description: readError(error).message }),
          );
          return { kind: 'done', notice: 'Starting a new session with the same settings…' };
        case 'compact':
          if (current.busy) return { kind: 'refused', notice: 'Compaction waits for the run: send /compact when the agent has finished.' };
          return { kind: 'pass' };
        case 'mode': {
          const info = MODE_INFO[action.mode];
          if (action.mode === current.permissionMode) return { kind: 'done', notice: `Already in ${info.label} mode.` };
          current.onPermissionModeChange(action.mode);
          return { kind: 'done', notice: `Permission mode: ${info.label}. ${info.description}` };
        }
        case 'model': {
          const choose = ({ matchModel, modelMatchMessage }: ModelMatching): CommandResult => {
            const now = hostRef.current;
            const match = matchModel(now.models, action.query);
            if (match.kind !== 'found') return { kind: 'refused', notice: modelMatchMessage(action.query, match, now.models) };
            const { model } = match;
            if (model.key === now.modelKey) return { kind: 'done', notice: `Already on ${model.label} (${model.providerLabel}).` };
            now.onModelChange(model.key);
            return { kind: 'done', notice: `Model: ${model.label} (${model.providerLabel}), from the next message.` };
          };
          return matching ? choose(matching) : { kind: 'later', outcome: loadMatching().then(choose) };
        }
        case 'fork': {
          if (current.busy) return { kind: 'refused', notice: 'Wait for the run to finish (or stop it), then /fork.' };
          const messageId = current.lastMessageId();
          if (!messageId) return { kind: 'refused', notice: 'Nothing to fork yet: send a message first.' };
          fork(messageId);
          return { kind: 'done', notice: 'Forking the session…' };
        }
        case 'share':
        case 'inspect':
          current.openPanel(action.kind === 'inspect' ? 'inspector' : 'share');
          return { kind: 'done' };
        case 'export':
          download(exportUrl(current.sessionId, action.format));
          return { kind: 'done', notice: action.format === 'json' ? 'Downloading the session as JSON.' : 'Downloading the transcript as Markdown.' };
      }
    },
    [router, upsert, fork, matching, loadMatching],
  );

  /** Values for the argument of `/mode`, `/model` and `/export`, filtered by what was typed (models: once their matching is in). */
  const argumentOptions = useCallback((source: ArgumentSource, query: string): ArgumentOption[] => {
    const current = hostRef.current;
    const wanted = query.toLowerCase();
    switch (source) {
      case 'modes':
        return PERMISSION_MODES.filter((mode) => mode.startsWith(wanted)).map((mode) => ({
          value: mode,
          label: mode,
          description: MODE_INFO[mode].description,
          current: mode === current.permissionMode,
        }));
      case 'models':
        if (!matching) {
          void loadMatching().catch(() => {});
          return [];
        }
        return matching.modelsMatching(current.models, query).map((model) => ({
          value: matching.modelArgument(model, current.models),
          label: model.label,
          meta: model.providerLabel,
          current: model.key === current.modelKey,
        }));
      case 'export-formats':
        return EXPORT_FORMATS.filter((format) => format.startsWith(wanted)).map((format) => ({ value: format, label: format, description: EXPORT_INFO[format] }));
    }
  }, [matching, loadMatching]);

  return { execute, argumentOptions, panel, openPanel: setPanel, closePanel: useCallback(() => setPanel(null), []) };
}

export type SlashCommands = ReturnType<typeof useSlashCommands>;

/** Starts a download the way a link with `download` does (the server names the file). */
function download(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
