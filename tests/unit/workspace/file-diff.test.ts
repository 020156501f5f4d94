import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileDiff } from '@/lib/workspace/file-diff';

const lines = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => `${make(i)}\n`).join('');

describe('fileDiff', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the same counts when the clock jumps while it diffs (a busy or paused machine)', () => {
    // Every reading of the clock 3 s later than the one before: a wall-clock limit of 2 s ran out at once.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 3_000));
    expect(fileDiff('/f', 'const a = 1;\nconsole.log(a);\n', 'const a = 2;\nconsole.log(a);\nexport {};\n')).toMatchObject({
      linesAdded: 2,
      linesRemoved: 1,
      patchTruncated: false,
    });
    expect(fileDiff('/f', '', 'const greeting = "hello";\nconsole.log(greeting);\n')).toMatchObject({ linesAdded: 2, linesRemoved: 0, patchTruncated: false });
  });

  it('counts every line of a new or emptied file, however long', () => {
    const long = lines(30_000, (i) => `line ${i}`);
    expect(fileDiff('/f', '', long)).toMatchObject({ linesAdded: 30_000, linesRemoved: 0 });
    expect(fileDiff('/f', long, '')).toMatchObject({ linesAdded: 0, linesRemoved: 30_000 });
  });

  it('diffs a long file with a few changes', () => {
    const before = lines(20_000, (i) => `line ${i}`);
    const after = before.replace('line 100\n', 'line one hundred\n').replace('line 15000\n', '');
    const diff = fileDiff('/f', before, after);
    expect(diff).toMatchObject({ linesAdded: 1, linesRemoved: 2, patchTruncated: false });
    expect(diff.patch).toContain('+line one hundred');
  });

  it('makes no patch, and claims no counts, past 1,000 changed lines', () => {
    const diff = fileDiff('/f', lines(600, (i) => `old ${i}`), lines(600, (i) => `new ${i}`));
    expect(diff).toEqual({ patch: '', patchTruncated: true });
  });
});
