'use client';

import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SearchIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { searchTranscript } from '@/lib/client/api';
import { cn } from '@/lib/utils';

/** Waits this long after the last keystroke before asking the server about messages not loaded. */
const SERVER_SEARCH_DELAY_MS = 250;
/** Frames to wait for a message loaded for a hit to reach the DOM. */
const MAX_FRAMES_TO_APPEAR = 120;
const HIGHLIGHT = 'transcript-find';

/** What a person reads of a message: its text and reasoning (as the server's search). */
function searchableText(message: AgentUIMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' || part.type === 'reasoning' ? part.text : ''))
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

interface Hit {
  messageId: string;
  loaded: boolean;
}

export interface FindBarProps {
  sessionId: string;
  messages: readonly AgentUIMessage[];
  hasEarlier: boolean;
  loadingEarlier: boolean;
  /** Loads the transcript back to this message (and everything after it). */
  loadBackTo: (messageId: string) => Promise<boolean>;
  /** Called before a match is scrolled to: the view must stop following the newest output. */
  releaseBottom: () => void;
  /** Counts Ctrl+F presses while open: each selects the query again. */
  selectRequests: number;
  onClose: () => void;
}

/**
 * The find bar (components/chat/transcript-find.tsx opens it, a chunk of its own). It searches the loaded messages
 * as they stream and, in a long session, the earlier ones on the server too; the newest match comes first, Enter
 * goes to the next (older) one and Shift+Enter back. A match in a message not loaded yet loads the transcript back to
 * it. The match is scrolled to and highlighted; Escape closes.
 */
export default function FindBar({
  sessionId,
  messages,
  hasEarlier,
  loadingEarlier,
  loadBackTo,
  releaseBottom,
  selectRequests,
  onClose,
}: FindBarProps) {
  const [query, setQuery] = useState('');
  const needle = useDeferredValue(query.trim().toLowerCase());
  const [serverHits, setServerHits] = useState<{ needle: string; ids: string[] }>({ needle: '', ids: [] });
  // The match the person moved to (for this query); by default the newest.
  const [selected, setSelected] = useState<{ needle: string; messageId: string }>();
  // Moving to the match already shown (a single match) shows it again.
  const [moves, setMoves] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const loadedHits = useMemo(() => (needle ? messages.filter((message) => searchableText(message).includes(needle)).map((message) => message.id) : []), [needle, messages]);

  // Messages not loaded are asked for on the server (loaded ones are searched here, also while they stream).
  useEffect(() => {
    if (!needle || !hasEarlier) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchTranscript(sessionId, needle, abort.signal).then(
        (hits) => setServerHits({ needle, ids: hits.map((hit) => hit.messageId) }),
        () => {},
      );
    }, SERVER_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [needle, hasEarlier, sessionId]);

  /** Newest first: where the person is, looking back. */
  const hits = useMemo((): Hit[] => {
    const loaded = new Set(messages.map((message) => message.id));
    const earlier = hasEarlier && serverHits.needle === needle ? serverHits.ids.filter((id) => !loaded.has(id)) : [];
    return [...earlier.map((messageId) => ({ messageId, loaded: false })), ...loadedHits.map((messageId) => ({ messageId, loaded: true }))].reverse();
  }, [messages, hasEarlier, serverHits, needle, loadedHits]);

  const selectedIndex = selected?.needle === needle ? hits.findIndex((hit) => hit.messageId === selected.messageId) : -1;
  const index = selectedIndex === -1 ? (hits.length > 0 ? 0 : -1) : selectedIndex;
  const current = index === -1 ? undefined : hits[index];

  // Shown once per match (and again when moved to), not per streamed token; a match not loaded loads first.
  useEffect(() => {
    if (!current) return;
    let cancelled = false;
    void (async () => {
      releaseBottom();
      if (!current.loaded && !(await loadBackTo(current.messageId))) return;
      for (let frame = 0; frame < MAX_FRAMES_TO_APPEAR && !cancelled; frame++) {
        const element = [...document.querySelectorAll<HTMLElement>('[data-message-id]')].find((candidate) => candidate.dataset.messageId === current.messageId);
        if (element) {
          releaseBottom();
          return reveal(element, needle);
        }
        // A row parked far from the screen (an empty box) is drawn again once it comes near: bring it there.
        const parked = [...document.querySelectorAll<HTMLElement>('[data-parked]')].find((row) => row.dataset.transcriptRow === current.messageId);
        parked?.scrollIntoView?.({ block: 'center' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [current?.messageId, current?.loaded, needle, moves]); // eslint-disable-line react-hooks/exhaustive-deps -- see above

  useEffect(() => clearReveal, []);

  // Ctrl+F again while the bar is open (focus elsewhere) selects its text again.
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [selectRequests]);

  function step(by: number) {
    if (hits.length === 0) return;
    const next = hits[(((index + by) % hits.length) + hits.length) % hits.length];
    setSelected({ needle, messageId: next.messageId });
    setMoves((count) => count + 1);
  }

  function close() {
    clearReveal();
    onClose();
  }

  const searchingServer = hasEarlier && needle !== '' && serverHits.needle !== needle;
  const status = !needle ? '' : hits.length === 0 ? (searchingServer ? 'Searching…' : 'No matches') : `${index + 1} of ${hits.length}${searchingServer ? '+' : ''}`;
  return (
    <div
      role="search"
      aria-label="Find in the conversation"
      className="absolute top-2 right-3 z-20 flex items-center gap-1 rounded-lg border bg-background/95 p-1 pl-2 shadow-md backdrop-blur animate-fade-in sm:right-6"
      data-testid="transcript-find"
    >
      <style>{`::highlight(${HIGHLIGHT}) { background-color: #fde047; color: #000; } [data-find-current] { outline: 2px solid var(--ring); outline-offset: 6px; border-radius: 0.75rem; }`}</style>
      <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <input
        ref={inputRef}
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          }
        }}
        placeholder="Find in conversation"
        aria-label="Find in conversation"
        aria-describedby="transcript-find-status"
        className="w-40 bg-transparent text-sm outline-none placeholder:text-muted-foreground sm:w-56"
        data-testid="transcript-find-input"
      />
      <span id="transcript-find-status" role="status" className={cn('min-w-16 text-right text-xs tabular-nums text-muted-foreground', loadingEarlier && 'animate-pulse')} data-testid="transcript-find-count">
        {loadingEarlier && current && !current.loaded ? 'Loading…' : status}
      </span>
      <Button size="icon-xs" variant="ghost" aria-label="Previous match (newer)" title="Newer (Shift+Enter)" disabled={hits.length === 0} onClick={() => step(-1)} data-testid="transcript-find-newer">
        <ChevronDownIcon />
      </Button>
      <Button size="icon-xs" variant="ghost" aria-label="Next match (older)" title="Older (Enter)" disabled={hits.length === 0} onClick={() => step(1)} data-testid="transcript-find-older">
        <ChevronUpIcon />
      </Button>
      <Button size="icon-xs" variant="ghost" aria-label="Close find" title="Close (Esc)" onClick={close} data-testid="transcript-find-close">
        <XIcon />
      </Button>
    </div>
  );
}

let revealed: HTMLElement | null = null;

function clearReveal() {
  if (revealed) delete revealed.dataset.findCurrent;
  revealed = null;
  if (typeof CSS !== 'undefined' && 'highlights' in CSS) CSS.highlights.delete(HIGHLIGHT);
}

/** Scrolls the message into view, marks it, and highlights each match of `needle` in its text. */
function reveal(element: HTMLElement, needle: string) {
  clearReveal();
  revealed = element;
  element.dataset.findCurrent = 'true';
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.toLowerCase() ?? '';
    for (let at = text.indexOf(needle); needle && at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const range = new Range();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      ranges.push(range);
    }
  }
  if (ranges.length > 0 && typeof CSS !== 'undefined' && 'highlights' in CSS) CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
  (ranges[0]?.startContainer.parentElement ?? element).scrollIntoView?.({ block: 'center' });
}
