import { expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, pruneDrafts, readDraft, writeDraft } from '@/lib/client/draft-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

it('keeps a draft per key, and forgets it when it is emptied', () => {
  const storage = memoryStorage();
  writeDraft('s1', 'half a thought\nsecond line', storage);
  writeDraft('new', 'the new page', storage);
  expect(readDraft('s1', storage)).toBe('half a thought\nsecond line');
  expect(readDraft('new', storage)).toBe('the new page');
  expect(readDraft('s2', storage)).toBe('');
  writeDraft('s1', '   ', storage);
  expect(readDraft('s1', storage)).toBe('');
  expect(storage.items.size).toBe(1);
});

it('drops drafts nobody came back to, and entries it cannot read, but nothing else', () => {
  const now = 10 * DRAFT_MAX_AGE_MS;
  const storage = memoryStorage({ theme: 'dark', 'agent-playground:draft:broken': '{' });
  writeDraft('old', 'stale', storage, now - DRAFT_MAX_AGE_MS - 1);
  writeDraft('recent', 'fresh', storage, now - 1000);
  pruneDrafts(storage, now);
  expect([...storage.items.keys()].sort()).toEqual(['agent-playground:draft:recent', 'theme']);
});

it('lives without storage (a full quota, a private window)', () => {
  const full = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
  expect(() => writeDraft('s1', 'text', full)).not.toThrow();
  expect(readDraft('s1', undefined)).toBe('');
});
