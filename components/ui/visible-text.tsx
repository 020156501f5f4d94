import { visibleSegments } from '@/lib/text/visible-text';

/**
 * A name or title as plain text, with bidi-override and control characters shown as a
 * small `⟨U+202E⟩` marker instead of applied (lib/text/visible-text.ts). Isolated
 * (`<bdi>`), so a right-to-left name does not reorder what stands beside it.
 */
export function VisibleText({ text, multiline }: { text: string; /** A block of lines (JSON, a tool's output): tabs and line feeds stay. */ multiline?: boolean }) {
  return (
    <bdi data-slot="visible-text">
      {visibleSegments(text, { multiline }).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span
            key={index}
            data-slot="control-char"
            title={`Hidden character ${segment.codePoint}, shown instead of applied`}
            className="mx-px rounded-sm bg-warning/15 px-0.5 font-mono text-[0.8em] text-warning-text"
          >
            ⟨{segment.codePoint}⟩
          </span>
        ),
      )}
    </bdi>
  );
}
