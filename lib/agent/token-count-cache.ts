/**
 * Token counts already computed, so a long history is tokenised once and not
 * at every step: the context meter and the compaction trigger re-measure the
 * whole request before each model call, and the tokenizer was the largest
 * single cost of a step (issue 14). Keyed by the exact text and the encoding,
 * so a hit is always the count a fresh tokenisation would give.
 *
 * Bounded least-recently-used by characters and by entries, so many sessions
 * over a long-lived server cannot make it grow without limit.
 */

/** Characters of text kept as keys, in total (about 2 bytes each in V8 at worst). */
const TOKEN_CACHE_MAX_CHARS = 8_000_000;
/** Entries kept, whatever their size (many tiny messages). */
const TOKEN_CACHE_MAX_ENTRIES = 50_000;
/** Texts shorter than this are cheaper to count again than to remember. */
const MIN_CACHED_CHARS = 16;

export class TokenCountCache {
  /** One map per encoding, keyed by the text itself: no key is built (and hashed) per lookup. */
  private readonly byEncoding = new Map<string, Map<string, number>>();
  private entries = 0;
  private chars = 0;

  constructor(
    private readonly maxChars = TOKEN_CACHE_MAX_CHARS,
    private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES,
  ) {}

  /** The cached count for `text` under `encoding`, or `count(text)` remembered. */
  countOf(encoding: string, text: string, count: (text: string) => number): number {
    if (text.length < MIN_CACHED_CHARS || text.length > this.maxChars / 4) return count(text);
    let counts = this.byEncoding.get(encoding);
    if (!counts) this.byEncoding.set(encoding, (counts = new Map()));
    const hit = counts.get(text);
    if (hit !== undefined) {
      // Refresh its place: a Map iterates in insertion order, oldest first.
      counts.delete(text);
      counts.set(text, hit);
      return hit;
    }
    const tokens = count(text);
    counts.set(text, tokens);
    this.entries++;
    this.chars += text.length;
    this.evict(counts);
    return tokens;
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries, chars: this.chars };
  }

  /** Drops the oldest entries, of the encoding just used first (usually the only one in use). */
  private evict(current: Map<string, number>): void {
    for (const counts of [current, ...this.byEncoding.values()]) {
      for (const text of counts.keys()) {
        if (this.chars <= this.maxChars && this.entries <= this.maxEntries) return;
        counts.delete(text);
        this.entries--;
        this.chars -= text.length;
      }
    }
  }
}
