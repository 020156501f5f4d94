'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import type { ComposerAssist } from '@/components/chat/composer';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { useReturnWithDraft } from '@/components/chat/hooks/use-return-with-draft';
import type { CommandResult, SlashCommands } from '@/components/chat/hooks/use-slash-commands';
import { MAX_RESOURCES_PER_MESSAGE, type McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { readError } from '@/lib/client/api-error';
import { fetchComposerCatalog, pendingAttachment, runMcpPrompt, type ComposerCatalog } from '@/lib/client/mcp-catalog';
import {
  BUILT_IN_COMMANDS,
  findCommand,
  parseBuiltInCommand,
  parseSlashInput,
  promptCommands,
  unknownCommandMessage,
  type PromptCommand,
  type SlashCommand,
} from '@/lib/client/slash-commands';

/** How long the tab reuses a listing before a menu asks again (the server keeps its own for as long). */
const CATALOG_REFRESH_MS = 30_000;

/** A line above the composer: what a command did (`info`), or why nothing was sent (`warning`). */
export interface ComposerNotice {
  text: string;
  tone: 'info' | 'warning';
}

export interface PromptFormState {
  command: PromptCommand;
  initial?: string;
  running: boolean;
  error?: string;
}

/**
 * The session composer's menus: the catalog of MCP resources and prompts
 * (asked for when a menu first opens), the attached resources, the prompt
 * form, and what a typed command does before anything is sent. Prompts put
 * their text into the composer, to be read and edited before sending, as
 * ChatGPT and Claude Code do; nothing reaches the model until the person sends.
 * Built-in commands run through `slash` (components/chat/hooks/use-slash-commands.ts).
 */
export function useComposerAssist(draft: Draft, runner?: SlashCommands) {
  const [catalog, setCatalog] = useState<ComposerAssist['catalog']>({ state: 'loading' });
  const loading = useRef<{ at: number; pending: boolean }>({ at: 0, pending: false });
  const [attachments, setAttachments] = useState<McpResourceAttachment[]>([]);
  const [promptForm, setPromptForm] = useState<PromptFormState | null>(null);
  const [notice, setNoticeState] = useState<ComposerNotice | null>(null);
  const setNotice = useCallback((text: string | null, tone: ComposerNotice['tone'] = 'warning') => setNoticeState(text === null ? null : { text, tone }), []);
  // A message the server refused comes back to the composer with its chips.
  const rememberSent = useReturnWithDraft<McpResourceAttachment>(draft, (sent) => setAttachments((current) => (current.length ? current : sent)));

  const loadCatalog = useCallback((): Promise<ComposerCatalog | undefined> => {
    const now = Date.now();
    if (loading.current.pending || now - loading.current.at < CATALOG_REFRESH_MS) return Promise.resolve(undefined);
    loading.current = { at: now, pending: true };
    return fetchComposerCatalog().then(
      (data) => {
        loading.current = { at: Date.now(), pending: false };
        setCatalog({ state: 'ready', data });
        return data;
      },
      (error: unknown) => {
        loading.current = { at: 0, pending: false };
        setCatalog({ state: 'error', error: readError(error).message });
        return undefined;
      },
    );
  }, []);

  const commands = useMemo<SlashCommand[]>(() => [...BUILT_IN_COMMANDS, ...promptCommands(catalog.data?.prompts ?? [])], [catalog.data]);

  const runPrompt = useCallback(
    async (command: PromptCommand, args: Record<string, string>) => {
      setPromptForm((form) => ({ command, initial: form?.initial, running: true }));
      try {
        const prompt = await runMcpPrompt({ server: command.prompt.server, name: command.prompt.name, arguments: args });
        setPromptForm(null);
        setNotice(prompt.truncatedChars ? `The prompt was cut to its first ${prompt.text.length.toLocaleString('en')} characters.` : null);
        draft.fill(prompt.text);
      } catch (error) {
        setPromptForm({ command, running: false, error: readError(error).message });
      }
    },
    [draft, setNotice],
  );

  /** A prompt without arguments runs at once; one with arguments opens its form. */
  const openPrompt = useCallback(
    (command: PromptCommand, initial?: string) => {
      setNotice(null);
      if (command.prompt.arguments.length === 0) void runPrompt(command, {});
      else setPromptForm({ command, initial, running: false });
    },
    [runPrompt, setNotice],
  );

  const onCommand = useCallback(
    (command: SlashCommand) => {
      if (command.kind === 'prompt') {
        draft.setDraft('');
        openPrompt(command);
      } else {
        draft.fill(`/${command.name} `);
      }
    },
    [draft, openPrompt],
  );

  /**
   * Before the draft is sent or queued: a prompt command opens its form, an
   * unknown command gets a message (never a model call). Answers true when the
   * text must not be sent.
   */
  const interceptCommand = useCallback(
    (text: string): boolean => {
      const slash = parseSlashInput(text);
      if (!slash) return false;
      const found = findCommand(commands, slash.name);
      if (found?.kind === 'built-in') {
        const action = parseBuiltInCommand(found.name, slash.rest);
        if (!runner || !action) return false;
        const outcome = runner.execute(action);
        if (outcome.kind === 'pass') return false;
        const settle = (settled: CommandResult) => {
          if (settled.kind === 'refused') return setNotice(settled.notice);
          draft.setDraft('');
          setNotice(settled.notice ?? null, 'info');
        };
        // Not sent either way; a command that waits for its code says what it came to when it has it.
        if (outcome.kind === 'later') void outcome.outcome.then(settle, (error: unknown) => setNotice(readError(error).message));
        else settle(outcome);
        return true;
      }
      if (found?.kind === 'prompt') {
        draft.setDraft('');
        openPrompt(found, slash.rest);
        return true;
      }
      if (slash.name.includes(':') && catalog.state !== 'ready') {
        // Typed faster than the prompts were listed: decide once they are.
        void fetchComposerCatalog().then(
          (data) => {
            const prompt = findCommand(promptCommands(data.prompts), slash.name);
            if (prompt?.kind === 'prompt') {
              draft.setDraft('');
              openPrompt(prompt, slash.rest);
            } else setNotice(unknownCommandMessage(slash.name, [...BUILT_IN_COMMANDS, ...promptCommands(data.prompts)]));
          },
          () => setNotice(unknownCommandMessage(slash.name, commands)),
        );
        return true;
      }
      setNotice(unknownCommandMessage(slash.name, commands));
      return true;
    },
    [catalog.state, commands, draft, openPrompt, runner, setNotice],
  );

  const assist: ComposerAssist = {
    catalog,
    loadCatalog: () => void loadCatalog(),
    commands,
    attachments,
    onAttach: (resource) => {
      if (attachments.length >= MAX_RESOURCES_PER_MESSAGE) {
        setNotice(`At most ${MAX_RESOURCES_PER_MESSAGE} resources per message.`);
        return;
      }
      setNotice(null);
      setAttachments((current) =>
        current.some((chip) => chip.server === resource.server && chip.uri === resource.uri) ? current : [...current, pendingAttachment(resource)],
      );
    },
    onDetach: (resource) => {
      setAttachments((current) => current.filter((chip) => !(chip.server === resource.server && chip.uri === resource.uri)));
      draft.focus();
    },
    onCommand,
    argumentOptions: runner?.argumentOptions,
  };

  return {
    assist,
    notice,
    clearNotice: () => setNotice(null),
    promptForm,
    runPrompt,
    closePromptForm: () => {
      setPromptForm(null);
      draft.focus();
    },
    interceptCommand,
    /** The attachments go with the message being sent (`text`); the composer starts empty again. */
    takeAttachments: (text: string) => {
      const taken = attachments;
      rememberSent(text, taken);
      setAttachments([]);
      return taken;
    },
    showNotice: setNotice,
  };
}
