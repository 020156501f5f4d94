import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { bundleProblems, GATEWAY_MARKERS, PARSE5_MARKERS, SESSION_ROUTE, ZOD_JSON_SCHEMA_MARKERS } from '../../scripts/bundle-size.mjs';

/** A build folder with the session route's first-load chunks and any extra (lazy) chunks. */
function fakeBuild(firstLoad: Record<string, string>, lazy: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  mkdirSync(path.join(dir, 'diagnostics'));
  for (const [name, text] of Object.entries({ ...firstLoad, ...lazy })) {
    mkdirSync(path.dirname(path.join(dir, 'static', 'chunks', name)), { recursive: true });
    writeFileSync(path.join(dir, 'static', 'chunks', name), text);
  }
  const stats = [{ route: SESSION_ROUTE, firstLoadUncompressedJsBytes: 0, firstLoadChunkPaths: Object.keys(firstLoad).map((name) => `.next/static/chunks/${name}`) }];
  writeFileSync(path.join(dir, 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats));
  dirs.push(dir);
  return dir;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Text that gzip cannot shrink much, so its gzipped size is close to its length. */
function noise(bytes: number): string {
  let seed = 7;
  let text = '';
  while (text.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += seed.toString(36);
  }
  return text.slice(0, bytes);
}

describe('the bundle budget (npm test, after the build)', () => {
  test('a session page within its budget and no parse5 anywhere passes', () => {
    const dir = fakeBuild({ 'a.js': noise(2000), 'b.js': 'console.log(1)' }, { 'lazy/markdown.js': 'Streamdown' });
    expect(bundleProblems(dir, 10_000)).toEqual([]);
  });

  test('a session page whose gzipped first load passes the budget fails, naming its size', () => {
    const dir = fakeBuild({ 'a.js': noise(9000), 'b.js': noise(9000) });
    const gzipped = gzipSync(noise(9000), { level: 9 }).length * 2;
    expect(gzipped).toBeGreaterThan(10_000);
    const problems = bundleProblems(dir, 10_000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/s\/\[id\] first-load JS is [\d.]+ KiB gzipped, over its budget of 9\.8 KiB/);
  });

  test.each(PARSE5_MARKERS)('parse5 in any browser chunk fails, even a lazy one (marker %s)', (marker) => {
    const dir = fakeBuild({ 'a.js': 'main' }, { 'nested/late.js': `var e="${marker}";` });
    expect(bundleProblems(dir, 10_000)).toEqual([`${path.join('static', 'chunks', 'nested', 'late.js')} holds parse5 (rehype-raw): raw HTML must never be parsed in the browser`]);
  });

  test.each(GATEWAY_MARKERS)('the AI Gateway client in any browser chunk fails (marker %s)', (marker) => {
    const dir = fakeBuild({ 'a.js': `var h="${marker}";` });
    expect(bundleProblems(dir, 10_000)).toEqual([
      `${path.join('static', 'chunks', 'a.js')} holds the AI Gateway client (@ai-sdk/gateway): the browser never calls a model (lib/client/no-gateway.ts)`,
    ]);
  });

  test.each(ZOD_JSON_SCHEMA_MARKERS)("zod's JSON Schema generation in any browser chunk fails (marker %s)", (marker) => {
    const dir = fakeBuild({ 'a.js': 'main' }, { 'late.js': `throw Error("${marker}")` });
    expect(bundleProblems(dir, 10_000)).toEqual([
      `${path.join('static', 'chunks', 'late.js')} holds zod's JSON Schema generation: the browser never sends tools to a model (scripts/loaders/no-zod-json-schema.cjs)`,
    ]);
  });
});
