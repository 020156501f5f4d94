// Gzipped first-load JavaScript per route, from Next 16's .next/diagnostics/route-bundle-stats.json.
// `node scripts/bundle-size.mjs` prints the table; `--check` (a stage of npm test, after the build) fails when the
// session page's first load passes its budget, or when a client chunk holds parse5 (the HTML parser rehype-raw
// brings, which next.config.mjs keeps out: raw HTML in model text is never parsed).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The session page's first-load JavaScript, gzipped (level 9, so the same build always weighs the same), in bytes.
 * Measured at 359.9 KiB (our own useChat; menus, popovers, dialogs, sheets and sonner loaded on first use) after issue 14
 * cut it from 533 KiB; the target is 286 KiB (1.3 × a bare useChat page, bench/floor, 220 KiB). The budget (the
 * figure rounded up plus 10 KiB) leaves room for small additions, not for a library or a panel back in the first load.
 */
export const SESSION_PAGE_BUDGET_BYTES = 370 * 1024;
export const SESSION_ROUTE = '/s/[id]';

/** Strings that survive minification in parse5 (its parse error codes): a chunk holding one bundles the parser. */
export const PARSE5_MARKERS = ['abandoned-head-element-child', 'misplaced-doctype', 'non-conforming-doctype'];

function readStats(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
}

function chunkFile(distDir, chunkPath) {
  return path.join(distDir, chunkPath.replace(/^\.next[\\/]/, ''));
}

/** Per route: its first-load JavaScript, raw and gzipped, in bytes. */
export function firstLoadSizes(distDir) {
  return readStats(distDir).map((route) => ({
    route: route.route,
    rawBytes: route.firstLoadUncompressedJsBytes,
    gzipBytes: route.firstLoadChunkPaths.map((chunk) => gzipSync(readFileSync(chunkFile(distDir, chunk)), { level: 9 }).length).reduce((a, b) => a + b, 0),
  }));
}

/** The browser's chunks (static/chunks, any depth) that hold parse5, by file name relative to the build folder. */
export function chunksWithParse5(distDir) {
  const chunksDir = path.join(distDir, 'static', 'chunks');
  const files = readdirSync(chunksDir, { recursive: true }).map(String).filter((name) => name.endsWith('.js'));
  return files
    .filter((name) => {
      const text = readFileSync(path.join(chunksDir, name), 'utf8');
      return PARSE5_MARKERS.some((marker) => text.includes(marker));
    })
    .map((name) => path.join('static', 'chunks', name));
}

/** What is wrong with a build, one line per problem (none: it passes). */
export function bundleProblems(distDir, budget = SESSION_PAGE_BUDGET_BYTES) {
  const problems = [];
  const session = firstLoadSizes(distDir).find((route) => route.route === SESSION_ROUTE);
  if (!session) problems.push(`no ${SESSION_ROUTE} route in route-bundle-stats.json`);
  else if (session.gzipBytes > budget)
    problems.push(`${SESSION_ROUTE} first-load JS is ${kib(session.gzipBytes)} gzipped, over its budget of ${kib(budget)} (scripts/bundle-size.mjs)`);
  for (const chunk of chunksWithParse5(distDir)) problems.push(`${chunk} holds parse5 (rehype-raw): raw HTML must never be parsed in the browser`);
  return problems;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  for (const route of firstLoadSizes(distDir)) {
    console.log(`${route.route.padEnd(22)} ${kib(route.rawBytes).padStart(11)} raw  ${kib(route.gzipBytes).padStart(10)} gzipped`);
  }
  if (process.argv.includes('--check')) {
    const problems = bundleProblems(distDir);
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log(`${SESSION_ROUTE} within its budget of ${kib(SESSION_PAGE_BUDGET_BYTES)}; no parse5 in the browser's chunks`);
  }
}
