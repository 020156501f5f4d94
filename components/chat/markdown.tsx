'use client';

import { memo, Suspense, use, useRef, type RefObject } from 'react';
import dynamic from 'next/dynamic';
import { untilNearScreen } from '@/lib/client/near-screen';
import { useHydrated } from '@/lib/client/use-hydrated';
import { whenIdle } from '@/lib/client/when-idle';
import { cn } from '@/lib/utils';
import type { MarkdownProps } from './markdown-renderer';

/**
 * The markdown pipeline (Streamdown: remark, rehype, sanitize, harden, GFM, code blocks) is a third of the session
 * page's JavaScript, so it is its own chunk, outside the page's first load. The server still renders the formatted
 * text, and `next/dynamic` preloads the chunk from that HTML (a nonce'd preload, so the CSP admits it); the page
 * hydrates without waiting for it, and each message hydrates when it has arrived. Rendered in the browser before
 * the chunk is there (a client-side navigation, the first streamed token of a fresh tab), a message shows its plain
 * text, inert as React text always is, until the formatted version replaces it. For paragraphs and lists the server's
 * HTML carries the formatted text in place (checked 2026-11-27: no plain-text copy, no swap script). An earlier note
 * here said every answer came twice (the plain text, then the formatted text put in place by React's nonce'd swap
 * script); that may hold where the rendering suspends on the server (Streamdown loads its code highlighter lazily).
 */
const loadRenderer = () => import('./markdown-renderer');
// The import is written out here, not through loadRenderer: Next finds a dynamic component's chunk from the import
// inside `dynamic()` and only then preloads it from the server's HTML. Called through loadRenderer, the 2,000-message
// session's HTML had no preload, and the chunk was requested after hydration, arriving (and evaluating, ~30-70 ms)
// after a message sent at once.
const MarkdownRenderer = dynamic(() => import('./markdown-renderer').then((module) => module.MarkdownRenderer));

/**
 * Fetches and evaluates the renderer's chunk as soon as the session's page is up, then warms it at idle
 * (warmUpRenderer). In a session whose HTML had no message (a new one) nothing preloaded it, and its first message
 * would load it at Send: evaluating the chunk then was a long task in the run's first ~150 ms, in front of its first
 * tokens. Loaded at the page's first idle moment instead, it still arrived as the first run began when the message
 * was sent at once (the home page's composer hands its message to the new session's page, which sends it as it
 * mounts; the bench's token → DOM figure sends as soon as the page answers input): the first tokens waited 30-180 ms.
 */
export function preloadMarkdown(): () => void {
  let cancelled = false;
  let cancelWarm = () => {};
  void loadRenderer().then((module) => {
    if (cancelled) return;
    // A warm-up that fails changes nothing: the first message pays, as before.
    cancelWarm = whenIdle(() => void module.warmUpRenderer().catch(() => {}), { timeoutMs: 2000, fallbackMs: 200 });
  });
  return () => {
    cancelled = true;
    cancelWarm();
  };
}

function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('markdown whitespace-pre-wrap', className)} data-markdown-pending="">
      {text}
    </div>
  );
}

/**
 * Server-rendered markdown far from the screen waits to hydrate until it comes near (lib/client/near-screen.ts). A
 * long session's page carries the last 40 messages, and hydrating a message's markdown runs its whole parse again
 * (~6 ms a message in the bench's 2,000-message session: 30 boundaries, ~200 ms). All of them at open kept the main
 * thread busy for the first second or so, which is when a person sends, and the reply's first tokens waited behind
 * it. The server HTML stays in place while it waits (the text can be read, selected and found; Streamdown's links are
 * buttons, inert until hydrated), and only markdown more than NEAR_PX (1,600 px) beyond the transcript's visible part
 * waits. Suspending keeps the boundary dehydrated; only a hydration waits: a client render (a new or streaming
 * message, a navigation) never does.
 */
function HydrateNearScreen({ anchor }: { anchor: RefObject<HTMLDivElement | null> }) {
  const hydrating = !useHydrated();
  const wait = hydrating ? untilNearScreen(anchor.current) : null;
  if (wait) use(wait);
  return null;
}

export const Markdown = memo(function Markdown({ text, streaming, className }: MarkdownProps) {
  const anchor = useRef<HTMLDivElement>(null);
  return (
    <div ref={anchor} className="min-w-0" data-markdown-anchor="">
      <Suspense fallback={<PlainText text={text} className={className} />}>
        <HydrateNearScreen anchor={anchor} />
        <MarkdownRenderer text={text} streaming={streaming} className={className} />
      </Suspense>
    </div>
  );
});
