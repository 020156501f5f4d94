/** Display formatting shared by the sidebar, the transcript and the inspector. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 d ago", then a date. */
export function formatRelativeTime(timestamp: number, now: number): string {
  const diff = Math.max(0, now - timestamp);
  if (diff < 45 * SECOND) return 'just now';
  if (diff < HOUR) return `${Math.max(1, Math.round(diff / MINUTE))} min ago`;
  if (diff < DAY) return `${Math.round(diff / HOUR)} h ago`;
  if (diff < 2 * DAY) return 'yesterday';
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} d ago`;
  return new Date(timestamp).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: diff > 300 * DAY ? 'numeric' : undefined });
}

/** 0.4 s, 12 s, 2 min 05 s. */
export function formatDuration(ms: number): string {
  if (ms < 0) ms = 0;
  if (ms < 10 * SECOND) return `${(ms / SECOND).toFixed(1)} s`;
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  const minutes = Math.floor(ms / MINUTE);
  const seconds = Math.round((ms % MINUTE) / SECOND);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

/** 950, 1.2k, 34k, 1.2M: compact token counts for dense rows. */
export function formatTokens(value: number): string {
  if (value < 1000) return String(value);
  if (value < 10_000) return `${(value / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (value < 1_000_000) return `${Math.round(value / 1000)}k`;
  return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** USD with enough digits for tiny per-turn costs: $0.0004, $0.012, $1.23. */
export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  if (usd < 1) return `$${usd.toFixed(3)}`;
  return `$${usd.toFixed(2)}`;
}

// One formatter for the process: toLocaleString builds a new one per call, which shows up in per-token renders.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

/** 12,345 */
export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value);
}

export function formatClockTime(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Pretty JSON for inspectors and tool cards; strings stay as they are. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
