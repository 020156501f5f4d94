import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * sonner loads after the page (lib/client/toast.tsx). A value imported from 'sonner' anywhere else would bring the
 * package back into the first load of every page that imports it; type-only imports cost nothing.
 */

const ROOT = path.resolve(__dirname, '../../..');
const LAZY = path.join('lib', 'client', 'toast.tsx');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : walk(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

test("only lib/client/toast.tsx imports sonner's code", () => {
  const files = ['app', 'components', 'lib'].flatMap((folder) => walk(path.join(ROOT, folder))).map((file) => path.relative(ROOT, file));
  expect(files).toContain(LAZY);
  const importers = files.filter((file) => {
    if (file === LAZY) return false;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const valueImport = /import\s+(?!type\s)[^;]*?from\s*['"]sonner['"]|import\(\s*['"]sonner['"]\s*\)|require\(\s*['"]sonner['"]\s*\)/;
    return valueImport.test(text);
  });
  expect(importers).toEqual([]);
});
