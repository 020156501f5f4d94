// @ts-check
/**
 * The class groups of tailwind-merge's default config that the app's classes belong to, written to
 * lib/tailwind-merge-groups.json. In browser bundles a loader (scripts/loaders/tailwind-merge-groups.cjs, see
 * next.config.mjs) drops every other group from tailwind-merge's default config, so `cn()` ships about a third of its
 * ~380 groups. Run after using a kind of class the app never used before (a new utility family, e.g. the first
 * `columns-*`): tests/unit/tailwind-merge-groups.test.ts fails until then, and checks that for every pair of the app's
 * classes the pruned config merges as the full one does.
 *
 *   node scripts/tailwind-merge-groups.mjs          writes the list
 *   node scripts/tailwind-merge-groups.mjs --check  fails if the list is not what it would write
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GROUPS_FILE = path.join(root, 'lib', 'tailwind-merge-groups.json');
const SOURCE_FOLDERS = ['app', 'components', 'lib'];

function sourceFiles(folder) {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every whitespace-separated word inside a string literal of the app's source (comments skipped): its classes, and more. */
export function classCandidates() {
  const words = new Set();
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g)) {
      if (match[1] === undefined && match[2] === undefined && match[3] === undefined) continue;
      const literal = (match[1] ?? match[2] ?? match[3]).replace(/\$\{[^}]*\}/g, ' ');
      for (const word of literal.split(/\s+/)) if (/[a-z]/.test(word) && /^[!\w\-[\]:/.%&>*=#@(),'"+~^?<$]+$/.test(word)) words.add(word);
    }
  }
  return [...words].sort();
}

/**
 * The class groups some word belongs to: for each group, a merge that knows only that group drops the first of two
 * copies of a word exactly when the word is in it (a word that is no Tailwind class stays twice). A word some other
 * group would claim first in the full config keeps both groups: more than needed, never less.
 */
export function groupsOf(words) {
  const config = getDefaultConfig();
  const mergeWith = (classGroups) =>
    createTailwindMerge(() => ({
      ...config,
      classGroups,
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter((id) => id in classGroups),
    }));
  const known = (merge, word) => merge(`${word} ${word}`) === word;
  // Arbitrary properties (`[content-visibility:auto]`) need no group.
  const none = mergeWith({});
  const classes = words.filter((word) => !known(none, word));
  return Object.keys(config.classGroups).filter((group) => {
    const merge = mergeWith({ [group]: config.classGroups[group] });
    return classes.some((word) => known(merge, word));
  });
}

export function groupsFileText(words = classCandidates()) {
  return `${JSON.stringify(groupsOf(words), null, 1)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = groupsFileText();
  if (process.argv.includes('--check')) {
    if (readFileSync(GROUPS_FILE, 'utf8') !== text) {
      console.error('lib/tailwind-merge-groups.json is out of date: run node scripts/tailwind-merge-groups.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(GROUPS_FILE, text);
    console.log(`wrote ${path.relative(root, GROUPS_FILE)}: ${JSON.parse(text).length} of ${Object.keys(getDefaultConfig().classGroups).length} class groups`);
  }
}
