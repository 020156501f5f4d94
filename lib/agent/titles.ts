import { messageText, type AgentUIMessage } from './messages';

const TITLE_MAX_CHARS = 48;

/**
 * An automatic title from the first user message: its first line, trimmed to
 * a word boundary. Instant, offline and the same for every provider. The
 * server names the session with it; the page shows the same name as the run
 * starts, without reading the session list for it.
 */
export function titleFromMessage(message: AgentUIMessage): string {
  const firstLine = messageText(message)
    .split('\n')
    // Drop markdown decoration (headings, quotes, bold, code ticks) but keep a lone `*`: it may be arithmetic.
    .map((line) => line.replace(/^\s*(#+|>)\s*/, '').replace(/\*\*|__|`/g, '').trim())
    .find(Boolean);
  if (!firstLine) return 'New session';
  if (firstLine.length <= TITLE_MAX_CHARS) return firstLine;
  const cut = firstLine.slice(0, TITLE_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 20 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
