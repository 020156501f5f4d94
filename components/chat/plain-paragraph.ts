/**
 * A markdown block that can only be a paragraph of its own text: one line that starts with a letter or a digit (no
 * list, heading, quote, fence, table or indented code can start there) and holds none of the characters that begin
 * inline markup (emphasis, code, links, images, escapes, entities, strikethrough, raw HTML, autolinks) nor the text
 * GFM turns into links (`www.`, `://`, an e-mail's `@`). The parser would make of it `<p>` around the line without its
 * trailing spaces, so that is what this answers; anything else answers null and goes through the parser.
 *
 * Why: a streaming answer's last block is parsed again whole at every token (Streamdown keeps finished blocks only),
 * and for a long paragraph that parse was most of a token's way to the screen (issue 14, token → DOM).
 * tests/components/chat/plain-paragraph.test.tsx renders a corpus both ways and compares the HTML.
 */
const STARTS_A_PARAGRAPH = /^[\p{L}\p{N}]/u;
const ORDERED_LIST_MARKER = /^\p{N}+[.)]/u;
const INLINE_MARKUP = /[\\`*_~[\]<&|@\u0000-\u0008\u000a-\u001f\u007f]|:\/\/|www\.|mailto:|xmpp:/i;
const TRAILING_WHITESPACE = /[ \t\r\n]+$/;

export function plainParagraphText(block: string): string | null {
  const text = block.replace(TRAILING_WHITESPACE, '');
  if (!STARTS_A_PARAGRAPH.test(text) || ORDERED_LIST_MARKER.test(text) || INLINE_MARKUP.test(text)) return null;
  return text;
}
