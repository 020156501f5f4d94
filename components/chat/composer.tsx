'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ArrowUpIcon, ListPlusIcon, SquareIcon } from 'lucide-react';
import { menuOptionId, type ComposerMenuItem } from '@/components/chat/composer-menu-item';
import { mentionOptions } from '@/components/chat/mention-picker';
import { ComposerResourceChips } from '@/components/chat/resource-chips';
import { slashOptions } from '@/components/chat/slash-menu';
import { Button } from '@/components/ui/button';
import { lazyPart } from '@/components/ui/lazy-part';
import { WithTooltip } from '@/components/ui/tooltip';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { CHAR_WARNING_AT, MAX_MESSAGE_CHARS } from '@/lib/client/limits';
import { formatNumber } from '@/lib/client/format';
import type { ComposerCatalog, McpResourceInfo } from '@/lib/client/mcp-catalog';
import { commandTakesArgument, type ArgumentOption, type ArgumentSource, type SlashCommand } from '@/lib/client/slash-commands';
import { whenIdle } from '@/lib/client/when-idle';
import { cn } from '@/lib/utils';

const MAX_INPUT_HEIGHT_PX = 280;

/** The menus' lists, drawn only once `/` or `@` is typed: chunks of their own, fetched when the page is idle. */
const ComposerMenuList = lazyPart(() => import('@/components/chat/composer-menu').then((module) => module.ComposerMenuList));
const CatalogMenu = lazyPart(() => import('@/components/chat/catalog-menu').then((module) => module.CatalogMenu));

/**
 * Text typed into the server-rendered box before the page hydrated is in the box but not in the draft: React does not
 * report it, so Send stayed disabled beside visible text (a fast typist on a slow load, or a test filling the box right
 * after a reload). Taken into the draft once, as the box mounts.
 */
function useTextTypedBeforeHydration(ref: React.RefObject<HTMLTextAreaElement | null>, value: string, onChange: (value: string) => void) {
  const first = useRef({ value, onChange });
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed && typed !== first.current.value) first.current.onChange(typed);
  }, [ref]);
}

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop?: () => void;
  /** While a run is active, Enter (and the Queue button) queue the message for when it finishes. */
  onQueue?: () => void;
  /** A run is active (useChat status submitted or streaming). */
  busy: boolean;
  stopping?: boolean;
  /** When set, sending is off and the Send tooltip says why (e.g. creating the session). */
  sendDisabledReason?: string;
  placeholder?: string;
  /** Controls at the bottom left, e.g. the model picker on the new-chat page. */
  toolbar?: React.ReactNode;
  inputRef?: React.RefObject<HTMLTextAreaElement | null>;
  autoFocus?: boolean;
  className?: string;
  /** The `@` resource picker, its chips, and the `/` command menu (the session's composer; the new-chat page has none). */
  assist?: ComposerAssist;
  /** Up-arrow in an empty composer: edit the last message sent. Answers false when there is none to edit (the key then does what it does). */
  onEditLast?: () => boolean;
  /** Escape with no menu open: close what the owner shows above the composer (a panel, a notice). Answers true when it closed something. */
  onDismiss?: () => boolean;
  /** Above the text, beside the resource chips: e.g. attached images. */
  attachments?: React.ReactNode;
  /** Images go with the message: it may be sent without text. */
  hasAttachments?: boolean;
  /** Right of the toolbar, before Send/Stop: e.g. a microphone button. */
  actions?: React.ReactNode;
}

/** What the composer's menus offer and do; the owner keeps the state (components/chat/hooks/use-composer-assist.ts). */
export interface ComposerAssist {
  catalog: { state: 'loading' | 'ready' | 'error'; data?: ComposerCatalog; error?: string };
  /** Asks for the catalog (a menu opened). */
  loadCatalog: () => void;
  commands: readonly SlashCommand[];
  attachments: readonly McpResourceAttachment[];
  onAttach: (resource: McpResourceInfo) => void;
  onDetach: (resource: McpResourceAttachment) => void;
  /** A command chosen in the menu: a built-in one is typed out, a prompt opens its form. */
  onCommand: (command: SlashCommand) => void;
  /** The values offered for a built-in command's argument (`/mode `, `/model `, `/export `). */
  argumentOptions?: (source: ArgumentSource, query: string) => ArgumentOption[];
}

/**
 * A menu the text at the caret opens: `/name` at the start, the argument of a
 * command (`/mode pl`), or `@query` after a space or at the start.
 */
interface MenuTrigger {
  kind: 'mention' | 'slash' | 'argument';
  query: string;
  /** The command whose argument is typed (kind `argument`). */
  command?: string;
  /** Where the trigger text starts and ends (it is replaced when an option is chosen). */
  start: number;
  end: number;
}

export function menuTriggerAt(value: string, caret: number): MenuTrigger | undefined {
  const before = value.slice(0, caret);
  const atWordEnd = /^(\s|$)/.test(value.slice(caret));
  const slash = /^\/(\S*)$/.exec(before);
  if (slash && atWordEnd) return { kind: 'slash', query: slash[1]!, start: 0, end: caret };
  const argument = /^\/([^\s/]+) +(\S*)$/.exec(before);
  if (argument && atWordEnd && !value.slice(caret).trim()) {
    return { kind: 'argument', command: argument[1]!, query: argument[2]!, start: caret - argument[2]!.length, end: caret };
  }
  const mention = /(^|\s)@([^\s@]*)$/.exec(before);
  if (mention) return { kind: 'mention', query: mention[2]!, start: caret - mention[2]!.length - 1, end: caret };
  return undefined;
}

/**
 * Where the person writes. Enter sends, Shift+Enter adds a line. While a run
 * is active, Send turns into Stop and the draft can still be edited.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  onQueue,
  busy,
  stopping = false,
  sendDisabledReason,
  placeholder = 'Give the agent a task…',
  toolbar,
  inputRef,
  autoFocus,
  className,
  assist,
  onEditLast,
  onDismiss,
  attachments,
  hasAttachments = false,
  actions,
}: ComposerProps) {
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = inputRef ?? ownRef;
  useAutoGrow(ref, value);
  useTextTypedBeforeHydration(ref, value, onChange);

  const length = value.length;
  const tooLong = length > MAX_MESSAGE_CHARS;
  const empty = value.trim().length === 0 && !hasAttachments;
  const canSend = !busy && !empty && !tooLong && !sendDisabledReason;
  const canQueue = busy && Boolean(onQueue) && !empty && !tooLong;
  /** Sends (or, during a run, queues) what is in the box; `force` for text a menu just put there (`value` is the old text). */
  function submit(force = false) {
    if (busy) {
      if (onQueue && (canQueue || force)) onQueue();
    } else if (canSend || (force && !sendDisabledReason)) onSend();
  }
  const menu = useComposerMenu(assist, value, ref, onChange, () => submit(true));

  function handleKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing) return;
    if (menu.handleKey(event)) return;
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    if (event.key === 'Escape') {
      // A panel or notice first, then the run: Escape stops the agent.
      if (onDismiss?.()) event.preventDefault();
      else if (busy && onStop && !stopping) {
        event.preventDefault();
        onStop();
      }
      return;
    }
    if (event.key === 'ArrowUp' && plain && value === '' && onEditLast?.()) {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    submit();
  }

  const sendLabel = tooLong
    ? `Too long: the limit is ${formatNumber(MAX_MESSAGE_CHARS)} characters`
    : sendDisabledReason ?? (empty ? 'Type a message to send' : 'Send (Enter)');

  return (
    <form
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card shadow-sm transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15',
        tooLong && 'border-destructive/50 focus-within:border-destructive/60',
        className,
      )}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
        else if (canQueue) onQueue?.();
      }}
      data-testid="composer"
    >
      {menu.element}
      {assist && <ComposerResourceChips resources={assist.attachments} onRemove={assist.onDetach} />}
      {attachments}
      <label htmlFor="composer-input" className="sr-only">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={ref}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          menu.update(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => menu.update(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={menu.close}
        onKeyDown={handleKeyDown}
        placeholder={placeholder}
        rows={1}
        autoFocus={autoFocus}
        aria-invalid={tooLong || undefined}
        {...menu.comboboxProps}
        aria-describedby={length >= CHAR_WARNING_AT ? 'composer-counter' : undefined}
        data-testid="composer-input"
        className="field-sizing-content max-h-[280px] min-h-[52px] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-relaxed outline-none placeholder:text-muted-foreground"
      />
      <div className="flex items-center gap-2 px-2.5 pt-1 pb-2.5">
        <div className="flex min-w-0 flex-1 items-center gap-2">{toolbar}</div>
        <CharCounter length={length} />
        {actions}
        {busy && onQueue && <QueueButton canQueue={canQueue} />}
        {busy ? <StopButton stopping={stopping} onStop={onStop} /> : <SendButton label={sendLabel} disabled={!canSend} />}
      </div>
    </form>
  );
}

/**
 * The open menu (if any) and its keyboard: arrows move, Enter or Tab choose,
 * Escape closes it until the trigger text changes. Choosing a resource
 * removes the `@query` text and attaches a chip; choosing a command hands it
 * to the owner; choosing an argument value puts it in, and Enter runs the
 * command (Tab only completes).
 */
function useComposerMenu(
  assist: ComposerAssist | undefined,
  value: string,
  ref: React.RefObject<HTMLTextAreaElement | null>,
  onChange: (value: string) => void,
  submit: () => void,
) {
  const menuId = useId();
  const hasMenus = Boolean(assist);
  useEffect(() => {
    if (!hasMenus) return;
    return whenIdle(
      () => {
        ComposerMenuList.preload();
        CatalogMenu.preload();
      },
      { timeoutMs: 5000, fallbackMs: 1000 },
    );
  }, [hasMenus]);
  const [trigger, setTrigger] = useState<MenuTrigger | undefined>();
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>();
  const triggerKey = trigger ? `${trigger.kind}:${trigger.start}:${trigger.query}` : undefined;
  const marker = trigger?.kind === 'slash' ? '/' : trigger?.kind === 'mention' ? '@' : '';
  const typed = Boolean(trigger && value.slice(trigger.start, trigger.end) === marker + trigger.query);
  const open = Boolean(assist && trigger && triggerKey !== dismissed && typed);

  const mention = open && trigger?.kind === 'mention' ? mentionOptions(assist!.catalog.data, trigger.query, assist!.attachments) : [];
  const slash = open && trigger?.kind === 'slash' ? slashOptions(assist!.commands, trigger.query) : [];
  const argument = open && trigger?.kind === 'argument' ? argumentMenu(assist!, trigger) : [];
  const count = trigger?.kind === 'mention' ? mention.length : trigger?.kind === 'slash' ? slash.length : argument.length;
  const active = Math.min(activeIndex, Math.max(0, count - 1));
  // An argument menu shows only when it has something to offer (`/compact keep the API` has no values).
  const shown = open && (trigger?.kind !== 'argument' || count > 0);

  function update(text: string, caret: number | null) {
    if (!assist) return;
    const next = caret === null ? undefined : menuTriggerAt(text, caret);
    setTrigger(next);
    if (next && `${next.kind}:${next.start}:${next.query}` !== triggerKey) setActiveIndex(0);
    if (next && next.kind !== 'argument') assist.loadCatalog();
  }

  /** Puts `text` in place of the trigger text and the caret after it. */
  function replaceTrigger(text: string) {
    if (!trigger) return;
    const next = value.slice(0, trigger.start) + text + value.slice(trigger.end);
    onChange(next);
    setTrigger(undefined);
    const caret = trigger.start + text.length;
    requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
  }

  function choose(index: number, run = false) {
    if (!assist || !trigger) return;
    if (trigger.kind === 'mention') {
      const resource = mention[index]?.resource;
      if (!resource) return;
      assist.onAttach(resource);
      replaceTrigger('');
      return;
    }
    if (trigger.kind === 'argument') {
      const option = argument[index];
      if (!option) return;
      replaceTrigger(option.value);
      if (run) submit();
      return;
    }
    const command = slash[index]?.command;
    if (!command) return;
    setTrigger(undefined);
    // A built-in command without an argument runs at once from Enter (`/he` Enter runs /help).
    if (run && command.kind === 'built-in' && !commandTakesArgument(command)) {
      replaceTrigger(`/${command.name}`);
      submit();
      return;
    }
    assist.onCommand(command);
  }

  function handleKey(event: React.KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!shown || event.nativeEvent.isComposing) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(triggerKey);
      return true;
    }
    if (count === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const disabled = trigger?.kind === 'mention' && !mention[active]?.resource;
      if (disabled) return false;
      // A built-in command typed out in full runs on Enter, as it did before the menu (`/compact` + Enter).
      const typedOut = trigger?.kind === 'slash' && slash[active]?.command.kind === 'built-in' && slash[active]?.command.name === trigger.query;
      if (typedOut && event.key === 'Enter') return false;
      event.preventDefault();
      choose(active, event.key === 'Enter');
      return true;
    }
    return false;
  }

  const state = assist?.catalog.state ?? 'ready';
  let element: React.ReactNode = null;
  if (shown && trigger?.kind === 'argument') {
    element = (
      <ComposerMenuList
        id={menuId}
        label={`/${trigger.command}: Enter runs it, Tab completes`}
        items={argument.map(argumentItem)}
        activeIndex={active}
        onChoose={(index) => choose(index, true)}
        onActivate={setActiveIndex}
        testId="argument-menu"
      />
    );
  } else if (shown && trigger) {
    element = (
      <CatalogMenu
        kind={trigger.kind === 'mention' ? 'mention' : 'slash'}
        id={menuId}
        items={(trigger.kind === 'mention' ? mention : slash).map((option) => option.item)}
        activeIndex={active}
        onChoose={(index) => choose(index, true)}
        onActivate={setActiveIndex}
        state={state}
        catalog={assist?.catalog.data}
        query={trigger.query}
        error={assist?.catalog.error}
      />
    );
  }
  const comboboxProps = assist
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': shown,
        'aria-controls': shown && count > 0 ? menuId : undefined,
        'aria-activedescendant': shown && count > 0 ? menuOptionId(menuId, active) : undefined,
      }
    : {};
  return { element, update, handleKey, comboboxProps, close: () => setTrigger(undefined) };
}

/** The values a built-in command's argument can take, for what was typed after its name. */
function argumentMenu(assist: ComposerAssist, trigger: MenuTrigger): ArgumentOption[] {
  const command = assist.commands.find((candidate) => candidate.kind === 'built-in' && candidate.name === trigger.command);
  if (command?.kind !== 'built-in' || !command.argument || !assist.argumentOptions) return [];
  return assist.argumentOptions(command.argument, trigger.query);
}

function argumentItem(option: ArgumentOption): ComposerMenuItem {
  return {
    key: option.value,
    primary: option.label,
    secondary: option.label === option.value ? option.description : [option.value, option.description].filter(Boolean).join(' · '),
    meta: [option.meta, option.current ? 'current' : undefined].filter(Boolean).join(' · ') || undefined,
  };
}

/**
 * The textarea grows with its content up to MAX_INPUT_HEIGHT_PX, then scrolls: by CSS (`field-sizing: content`)
 * where the browser has it. Measuring `scrollHeight` after each change forces the whole page's style and layout
 * inside the keystroke's task, and inside Send's (the draft is cleared there): ~12 ms of the click's task in a long
 * session (a Chrome trace of Send). Elsewhere it is measured, except an emptied composer, which goes back to its
 * CSS height unmeasured.
 */
const SIZES_TO_CONTENT = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

function useAutoGrow(ref: React.RefObject<HTMLTextAreaElement | null>, value: string) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || SIZES_TO_CONTENT) return;
    if (!value) {
      element.style.height = '';
      return;
    }
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_INPUT_HEIGHT_PX)}px`;
  }, [value, ref]);
}

/** Shown near the limit: how many characters, and red past it. */
function CharCounter({ length }: { length: number }) {
  if (length < CHAR_WARNING_AT) return null;
  const tooLong = length > MAX_MESSAGE_CHARS;
  return (
    <span
      id="composer-counter"
      className={cn('text-xs tabular-nums', tooLong ? 'font-medium text-destructive' : 'text-warning-text')}
      data-testid="char-counter"
      aria-live="polite"
    >
      {formatNumber(length)} / {formatNumber(MAX_MESSAGE_CHARS)}
    </span>
  );
}

function QueueButton({ canQueue }: { canQueue: boolean }) {
  return (
    <WithTooltip label={canQueue ? 'Queue: sent when the agent finishes (Enter)' : 'Type a message to queue it'}>
      <span className="inline-flex rounded-full">
        <Button type="submit" size="sm" variant="outline" className="rounded-full" data-testid="queue-button" disabled={!canQueue}>
          <ListPlusIcon /> Queue
        </Button>
      </span>
    </WithTooltip>
  );
}

function StopButton({ stopping, onStop }: { stopping: boolean; onStop?: () => void }) {
  return (
    <WithTooltip label={stopping ? 'Stopping…' : 'Stop the agent'}>
      <Button
        type="button"
        size="icon-sm"
        variant="default"
        className="rounded-full"
        aria-label="Stop the agent"
        data-testid="stop-button"
        disabled={stopping || !onStop}
        onClick={onStop}
      >
        <SquareIcon className="size-3 fill-current" />
      </Button>
    </WithTooltip>
  );
}

function SendButton({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <WithTooltip label={label}>
      {/* The wrapper keeps the tooltip working while the button is disabled. */}
      <span className="inline-flex rounded-full">
        <Button type="submit" size="icon-sm" className="rounded-full" aria-label="Send" data-testid="send-button" disabled={disabled}>
          <ArrowUpIcon />
        </Button>
      </span>
    </WithTooltip>
  );
}
