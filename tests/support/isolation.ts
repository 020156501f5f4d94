/**
 * Which test files may share a worker's modules with other files (vitest's `isolate: false`, vitest.config.ts).
 * A file may not when it, or a local helper it imports, changes state that outlives it: module mocks (vitest
 * resets its mock registry only between isolated files), properties defined or assigned on globalThis, window or
 * process.env, and globals, environment variables or timers stubbed without the matching undo in the file.
 * Spies need nothing: vitest restores every mock after each file either way.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ALWAYS_LEAVES_STATE =
  /\bvi\.(mock|doMock|unmock|resetModules)\(|Object\.defineProperty\(|\b(globalThis|window|process\.env)(\.[A-Za-z_$][\w$]*|\[[^\]]+\])\s*=(?!=)|delete\s+(globalThis|window|process\.env)\b/;
/** A stub, and the call that undoes it: without the undo the file leaves it behind. */
const UNDONE_BY: [RegExp, RegExp][] = [
  [/\bvi\.stubGlobal\(/, /\bvi\.unstubAllGlobals\(/],
  [/\bvi\.stubEnv\(/, /\bvi\.unstubAllEnvs\(/],
  [/\bvi\.useFakeTimers\(/, /\bvi\.useRealTimers\(/],
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function localImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** The file's text and that of every file it imports by a relative path, transitively. */
function withLocalImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].flatMap(([, specifier]) => {
    const target = localImport(file, specifier!);
    return target ? withLocalImports(target, seen) : [];
  });
  return [text, ...imported];
}

export function leavesState(file: string): boolean {
  const text = withLocalImports(file).join('\n');
  return ALWAYS_LEAVES_STATE.test(text) || UNDONE_BY.some(([stub, undo]) => stub.test(text) && !undo.test(text));
}

/** The test files under `dir`, split into those that need a fresh worker each and those that can share one. */
export function splitByIsolation(dir: string, pattern: RegExp): { isolated: string[]; shared: string[] } {
  const files = filesUnder(dir)
    .filter((file) => pattern.test(file))
    .sort();
  const isolated = files.filter((file) => leavesState(file));
  return { isolated, shared: files.filter((file) => !isolated.includes(file)) };
}
