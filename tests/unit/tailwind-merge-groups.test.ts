import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UNUSED_TAILWIND_GROUP_MARKERS } from '../../scripts/bundle-size.mjs';
import { GROUPS_FILE, classCandidates, groupsFileText } from '../../scripts/tailwind-merge-groups.mjs';

// The browser's cn() merges with tailwind-merge's default config pruned by a loader to the app's class groups
// (next.config.mjs): for the app's own classes it must answer exactly what the full config does.
const require = createRequire(import.meta.url);
const loader = require('../../scripts/loaders/tailwind-merge-groups.cjs') as {
  pruneDefaultConfig: (source: string, keep: Set<string>) => string;
  keptGroups: () => Set<string>;
};
const bundle = path.join(path.dirname(require.resolve('tailwind-merge')), 'bundle-mjs.mjs');
const words = classCandidates();

let dir: string;
let pruned: { twMerge: typeof twMerge; getDefaultConfig: typeof getDefaultConfig };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tailwind-merge-'));
  const file = path.join(dir, 'bundle-mjs.mjs');
  writeFileSync(file, loader.pruneDefaultConfig(readFileSync(bundle, 'utf8'), loader.keptGroups()));
  pruned = await import(pathToFileURL(file).href);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const known = (merge: (classes: string) => string, word: string) => merge(`${word} ${word}`) === word;

/** A class without its variants and `!`: both merges parse those with the same code. */
function base(word: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '[' || word[i] === '(') depth++;
    else if (word[i] === ']' || word[i] === ')') depth--;
    else if (word[i] === ':' && depth === 0) start = i + 1;
  }
  return word.slice(start).replace(/^!|!$/g, '');
}

describe("the browser's tailwind-merge, pruned to the app's class groups", () => {
  test('lib/tailwind-merge-groups.json lists the groups of the classes in the code now', () => {
    // Fails after a kind of class the app never used before: run `node scripts/tailwind-merge-groups.mjs`.
    expect(readFileSync(GROUPS_FILE, 'utf8')).toBe(groupsFileText(words));
  });

  test('the pruned config has only those groups, and a third of the full one or less', () => {
    const groups = Object.keys(pruned.getDefaultConfig().classGroups);
    expect(groups.sort()).toEqual([...loader.keptGroups()].sort());
    expect(groups.length * 3).toBeLessThan(Object.keys(getDefaultConfig().classGroups).length + 1);
  });

  test('every word of the app the full merge takes for a Tailwind class, the pruned one does too', () => {
    expect(words.filter((word) => known(pruned.twMerge, word) !== known(twMerge, word))).toEqual([]);
  });

  test("for every pair of the app's classes, in both orders, it merges as the full config does", () => {
    const classes = [...new Set(words.map(base))].filter((word) => known(twMerge, word));
    expect(classes.length).toBeGreaterThan(300);
    const differ: string[] = [];
    for (const a of classes) for (const b of classes) if (pruned.twMerge(`${a} ${b}`) !== twMerge(`${a} ${b}`)) differ.push(`${a} ${b}`);
    expect(differ.slice(0, 20)).toEqual([]);
  });

  test.each(UNUSED_TAILWIND_GROUP_MARKERS)('a group the app does not use is gone (the bundle check looks for %s)', (marker) => {
    // If the app uses this class one day, give the bundle check (scripts/bundle-size.mjs) a class it does not use.
    expect(words).not.toContain(marker);
    expect(twMerge(`${marker} ${marker}`)).toBe(marker);
    expect(pruned.twMerge(`${marker} ${marker}`)).toBe(`${marker} ${marker}`);
    expect(readFileSync(path.join(dir, 'bundle-mjs.mjs'), 'utf8')).not.toContain(marker);
  });
});
