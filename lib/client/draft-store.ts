/**
 * Unsent composer text kept in the browser (localStorage), one entry per
 * session and one for the new-session page, so a reload or a visit elsewhere
 * loses nothing. Entries untouched for DRAFT_MAX_AGE_MS are dropped, so drafts
 * of sessions deleted long ago do not pile up. Storage may be missing or full
 * (private windows, quotas): then drafts simply are not kept.
 */

const PREFIX = 'agent-playground:draft:';
/** A draft nobody came back to in 30 days is dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The new-session page's own draft (sessions use their id). */
export const NEW_SESSION_DRAFT = 'new';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function browserStorage(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(key: string, storage = browserStorage()): string {
  try {
    const raw = storage?.getItem(PREFIX + key);
    if (!raw) return '';
    const entry = JSON.parse(raw) as { text?: unknown };
    return typeof entry.text === 'string' ? entry.text : '';
  } catch {
    return '';
  }
}

/** Saves `text` (empty or blank text removes the entry). */
export function writeDraft(key: string, text: string, storage = browserStorage(), now = Date.now()): void {
  try {
    if (!text.trim()) storage?.removeItem(PREFIX + key);
    else storage?.setItem(PREFIX + key, JSON.stringify({ text, savedAt: now }));
  } catch {
    // Full or unavailable: the draft lives as long as the page does.
  }
}

/** Removes drafts older than DRAFT_MAX_AGE_MS (and unreadable ones). */
export function pruneDrafts(storage = browserStorage(), now = Date.now()): void {
  if (!storage) return;
  try {
    const stale: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const name = storage.key(index);
      if (!name?.startsWith(PREFIX)) continue;
      try {
        const entry = JSON.parse(storage.getItem(name) ?? '') as { savedAt?: unknown };
        if (typeof entry.savedAt !== 'number' || now - entry.savedAt > DRAFT_MAX_AGE_MS) stale.push(name);
      } catch {
        stale.push(name);
      }
    }
    for (const name of stale) storage.removeItem(name);
  } catch {
    // Storage unavailable: nothing to prune.
  }
}
