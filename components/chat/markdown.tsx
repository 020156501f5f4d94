'use client';

import { memo, Suspense } from 'react';
import dynamic from 'next/dynamic';
import { cn } from '@/lib/utils';
import type { MarkdownProps } from './markdown-renderer';

/**
 * The markdown pipeline (Streamdown: remark, rehype, sanitize, harden, GFM, code blocks) is a third of the session
 * page's JavaScript, so it is its own chunk, outside the page's first load. The server still renders the formatted
 * text, and `next/dynamic` preloads the chunk from that HTML (a nonce'd preload, so the CSP admits it); the page
 * hydrates without waiting for it, and each message hydrates when it has arrived. Rendered in the browser before
 * the chunk is there (a client-side navigation, the first streamed token of a fresh tab), a message shows its plain
 * text, inert as React text always is, until the formatted version replaces it. On the server something inside the
 * renderer suspends at every request (also with the renderer imported synchronously, so not this lazy load; cause not
 * found yet), so the HTML carries the plain text first and the formatted text right after it, which React's swap
 * script (nonce'd) puts in place: a reader without JavaScript sees the plain text.
 */
const loadRenderer = () => import('./markdown-renderer');
const MarkdownRenderer = dynamic(() => loadRenderer().then((module) => module.MarkdownRenderer));

/**
 * Fetches and evaluates the renderer's chunk while the page is idle. In a session whose HTML had no message (a new
 * one) nothing preloaded it, and its first message would load it at Send: evaluating the chunk then was a long task
 * in the run's first ~150 ms, in front of its first tokens.
 */
export function preloadMarkdownWhenIdle(): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(() => void loadRenderer(), 200);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(() => void loadRenderer(), { timeout: 2000 });
  return () => window.cancelIdleCallback(id);
}

function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('markdown whitespace-pre-wrap', className)} data-markdown-pending="">
      {text}
    </div>
  );
}

export const Markdown = memo(function Markdown({ text, streaming, className }: MarkdownProps) {
  return (
    <Suspense fallback={<PlainText text={text} className={className} />}>
      <MarkdownRenderer text={text} streaming={streaming} className={className} />
    </Suspense>
  );
});
