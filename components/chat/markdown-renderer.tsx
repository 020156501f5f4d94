'use client';

import { memo } from 'react';
import { flushSync } from 'react-dom';
import { ImageIcon } from 'lucide-react';
import { Block, defaultRehypePlugins, Streamdown, type BlockProps, type Components, type ExtraProps } from 'streamdown';
import { cn } from '@/lib/utils';
import { showBlockedLinks } from './blocked-links';
import { plainParagraphText } from './plain-paragraph';

/**
 * Model output is untrusted. Streamdown's default pipeline parses raw HTML
 * (rehype-raw) before sanitizing; we drop that step, so HTML in the text shows
 * as text and never becomes elements. Sanitize and harden stay in place, and
 * links open only after a confirmation (Streamdown's link safety). A link the
 * sanitizer refuses is shown inert, its URL in the tooltip (blocked-links.ts).
 */
const INERT_REHYPE_PLUGINS = [
  showBlockedLinks,
  ...Object.entries(defaultRehypePlugins)
    .filter(([name]) => name !== 'raw')
    .map(([, plugin]) => plugin),
];

/**
 * Images are not fetched: a URL the model (or a tool result) wrote could leak
 * the conversation to a third party the moment it loads. Show it as a link.
 */
function InertImage({ src, alt }: React.ComponentProps<'img'> & ExtraProps) {
  const url = typeof src === 'string' ? src : undefined;
  const label = typeof alt === 'string' && alt ? alt : 'image';
  return (
    <span className="inline-flex items-center gap-1 rounded border bg-muted/50 px-1.5 py-0.5 text-xs text-muted-foreground" title={url}>
      <ImageIcon className="size-3" aria-hidden />
      {label}
      {url && <span className="max-w-56 truncate font-mono opacity-75">({url})</span>}
    </span>
  );
}

// Streamdown's Components type mixes an index signature with per-tag props; the tag entry is what applies.
const COMPONENTS = { img: InertImage } as Components;

const CONTROLS = { code: { copy: true, download: false }, table: false, mermaid: false } as const;

/**
 * A block that can only be a plain paragraph is drawn as the parser would draw it, without the parser; any other
 * block is Streamdown's own (plain-paragraph.ts). Streamdown parses the streaming block again at every token.
 */
const MarkdownBlock = memo(function MarkdownBlock(props: BlockProps) {
  // A block Streamdown would wrap (a text direction) or animate is its own, whatever its text.
  const text = props.dir || props.animatePlugin ? null : plainParagraphText(props.content);
  return text === null ? <Block {...props} /> : <p>{text}</p>;
});

export interface MarkdownProps {
  text: string;
  streaming: boolean;
  className?: string;
}

/** Model text through Streamdown: loaded on demand by markdown.tsx, which shows the plain text until it arrives. */
export function MarkdownRenderer({ text, streaming, className }: MarkdownProps) {
  return (
    <Streamdown
      className={cn('markdown', className)}
      isAnimating={streaming}
      // Closing unterminated markup is for text still arriving: a finished message shows exactly what the model wrote.
      parseIncompleteMarkdown={streaming}
      rehypePlugins={INERT_REHYPE_PLUGINS}
      components={COMPONENTS}
      BlockComponent={MarkdownBlock}
      controls={CONTROLS}
      lineNumbers={false}
      codeBlockMaxHeight={480}
      tableMaxHeight={420}
    >
      {text}
    </Streamdown>
  );
}

/** What the warm-up renders: the kinds of text a streamed answer starts with (no code block: that loads the highlighter). */
const WARM_UP_TEXT = '## A heading\n\nSome **bold** and *emphasis*, `code` and a [link](https://example.com).\n\n- one\n- two\n\n1. first\n\n> a quote\n\nA last paragraph that is still';

/**
 * The first markdown a page renders costs far more than the next ones: the pipeline's code runs for the first time
 * (not yet compiled by the engine) and sets itself up. The bench measured a 15–30 ms commit for a run's first tokens,
 * which waited behind it (the token → DOM figure's worst tokens were a run's first eight). preloadMarkdown
 * (markdown.tsx) calls this at idle once the chunk is in: a sample is rendered, as it streams and once done, into an
 * element that is never attached, then thrown away. Once per page, and only on a page that shows no markdown yet: a
 * long session's messages warm it as they hydrate, and there the warm-up was one more long task (the bench's
 * "streaming into it" row read 76 ms); a message that waits for the chunk (rendered as plain text) warms it too.
 */
let warmed = false;
export async function warmUpRenderer(): Promise<void> {
  if (warmed || document.querySelector('[data-streamdown], [data-markdown-pending]')) return;
  warmed = true;
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(<MarkdownRenderer text={WARM_UP_TEXT} streaming />));
  flushSync(() => root.render(<MarkdownRenderer text={`${WARM_UP_TEXT}.`} streaming={false} />));
  root.unmount();
}
