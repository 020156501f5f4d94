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
export const TOKEN_CACHE_MAX_CHARS = 8_000_000;
/** Entries kept, whatever their size (many tiny messages). */
export const TOKEN_CACHE_MAX_ENTRIES = 50_000;
/** Texts shorter than this are cheaper to count again than to remember. */
const MIN_CACHED_CHARS = 16;

export class TokenCountCache {
  private readonly entries = new Map<string, number>();
  private chars = 0;

  constructor(
    private readonly maxChars = TOKEN_CACHE_MAX_CHARS,
    private readonly maxEntries = TOKEN_CACHE_MAX_ENTRIES,
  ) {}

  /** The cached count for `text` under `encoding`, or `count(text)` remembered. */
  countOf(encoding: string, text: string, count: (text: string) => number): number {
    if (text.length < MIN_CACHED_CHARS || text.length > this.maxChars / 4) return count(text);
    const key = `${encoding}\u0000${text}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Refresh its place: a Map iterates in insertion order, oldest first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const tokens = count(text);
    this.entries.set(key, tokens);
    this.chars += key.length;
    this.evict();
    return tokens;
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.chars <= this.maxChars && this.entries.size <= this.maxEntries) return;
      this.entries.delete(key);
      this.chars -= key.length;
    }
  }
}
