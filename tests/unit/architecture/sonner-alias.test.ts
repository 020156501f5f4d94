import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * In the browser build `sonner` is lib/client/lazy-sonner.tsx (next.config.mjs aliases it), which has only
 * `toast.error`, `toast.success`, `toast.warning` and `Toaster`. TypeScript reads sonner's own types, so a call of
 * anything else (`toast(…)`, `toast.promise`, `toast.dismiss`) would type-check, build, and throw in the browser.
 * This keeps the app's code to what the alias provides.
 */

const ROOT = path.resolve(__dirname, '../../..');
const ALIAS = path.join(ROOT, 'lib', 'client', 'lazy-sonner.tsx');
const PROVIDED_CALLS = new Set(['error', 'success', 'warning']);
const PROVIDED_IMPORTS = new Set(['toast', 'Toaster', 'type ToasterProps', 'type ExternalToast']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const sources = ['app', 'components', 'lib']
  .flatMap((folder) => walk(path.join(ROOT, folder)))
  .filter((file) => file !== ALIAS)
  // Comments dropped (they say "a toast." in prose).
  .map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/.*$/gm, '$1') }))
  .filter(({ text }) => /from\s+['"]sonner['"]/.test(text));

describe('the lazy sonner alias covers what the app uses', () => {
  it('finds the importers (the scan works)', () => {
    expect(sources.length).toBeGreaterThan(10);
  });

  it('imports only toast, Toaster and types from sonner', () => {
    const unexpected: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]sonner['"]/g)) {
        for (const raw of match[2].split(',')) {
          const name = raw.trim().split(/\s+as\s+/)[0].trim();
          if (!name) continue;
          const key = match[1] && !name.startsWith('type ') ? `type ${name}` : name;
          if (!PROVIDED_IMPORTS.has(key)) unexpected.push(`${file}: ${key}`);
        }
      }
      if (/import\s+\*\s+as\s+\w+\s+from\s+['"]sonner['"]|import\s+\w+\s*(,|from)\s*[^;]*['"]sonner['"]/.test(text)) unexpected.push(`${file}: default or namespace import`);
    }
    expect(unexpected).toEqual([]);
  });

  it('calls only toast.error, toast.success and toast.warning', () => {
    const unexpected: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\btoast\s*\(/g)) unexpected.push(`${file}: ${match[0]}`);
      for (const match of text.matchAll(/\btoast\??\.(\w+)/g)) {
        if (!PROVIDED_CALLS.has(match[1])) unexpected.push(`${file}: toast.${match[1]}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
