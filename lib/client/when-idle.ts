/**
 * Runs `work` when the browser is next idle (at the latest after `timeoutMs`), or after `fallbackMs` where there is no
 * requestIdleCallback (Safari). For chunks a page will likely need soon but not for its first paint: the markdown
 * renderer, the tooltip bubble, the find bar. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, fallbackMs);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(work, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
