// Gzipped first-load JavaScript per route, from Next 16's .next/diagnostics/route-bundle-stats.json.
// `node scripts/bundle-size.mjs` prints the table; `--check` (a stage of npm test, after the build) fails when the
// session page's first load passes its budget, or when a client chunk holds code next.config.mjs keeps out of the
// browser (KEPT_OUT below): parse5 (the HTML parser rehype-raw brings: raw HTML in model text is never parsed), the AI
// Gateway's client (which `ai` imports for server-side calls the browser never makes), zod's and provider-utils' JSON
// Schema generation, tailwind-merge's class groups the app does not use.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The session page's first-load JavaScript, gzipped (level 9, so the same build always weighs the same), in bytes.
 * Measured at 283.9 KiB (our own useChat; menus, popovers, dialogs, sheets, sonner, tooltip bubbles, the find bar,
 * the model list, the composer's menus, tool output views and whatever else only an action draws loaded on first use;
 * no AI Gateway client or JSON Schema generation) after issue 14 cut it from 533 KiB; the issue's target is 286 KiB
 * (1.3 × a bare useChat page, bench/floor, 220 KiB), and the budget is that target: a change that would make the
 * bench's row miss fails here first (the bench's own build has weighed up to 0.2 KiB less than `npm test`'s).
 */
export const SESSION_PAGE_BUDGET_BYTES = 286 * 1024;
export const SESSION_ROUTE = '/s/[id]';

/** Strings that survive minification in parse5 (its parse error codes): a chunk holding one bundles the parser. */
export const PARSE5_MARKERS = ['abandoned-head-element-child', 'misplaced-doctype', 'non-conforming-doctype'];
/** Strings that survive minification in @ai-sdk/gateway (its request headers and endpoint). */
export const GATEWAY_MARKERS = ['ai-gateway-protocol-version', 'ai-gateway-auth-method', 'ai-gateway.vercel.sh'];
/** Strings that survive minification in zod's JSON Schema generation (zod/v4/core/to-json-schema.js and its processors). */
export const ZOD_JSON_SCHEMA_MARKERS = ['Unprocessed schema. This is a bug in Zod.', 'cannot be represented in JSON Schema'];
/** Strings that survive minification in @ai-sdk/provider-utils' converter of zod 3 schemas (its format names). */
export const ZOD3_JSON_SCHEMA_MARKERS = ['contentEncoding:base64', 'format:idn-email'];

/** A class of a tailwind-merge group the app does not use (tests/unit/tailwind-merge-groups.test.ts keeps it unused). */
export const UNUSED_TAILWIND_GROUP_MARKERS = ['touch-pinch-zoom'];

/** What must never be in a browser chunk, found by its markers, and why. */
export const KEPT_OUT = [
  { markers: PARSE5_MARKERS, what: 'parse5 (rehype-raw)', why: 'raw HTML must never be parsed in the browser' },
  { markers: GATEWAY_MARKERS, what: 'the AI Gateway client (@ai-sdk/gateway)', why: 'the browser never calls a model (lib/client/no-gateway.ts)' },
  {
    markers: ZOD_JSON_SCHEMA_MARKERS,
    what: "zod's JSON Schema generation",
    why: 'the browser never sends tools to a model (scripts/loaders/no-zod-json-schema.cjs)',
  },
  {
    markers: ZOD3_JSON_SCHEMA_MARKERS,
    what: "@ai-sdk/provider-utils' zod 3 JSON Schema converter",
    why: 'the browser never sends tools to a model (scripts/loaders/no-zod-json-schema.cjs)',
  },
  {
    markers: UNUSED_TAILWIND_GROUP_MARKERS,
    what: "tailwind-merge's class groups the app does not use",
    why: "the browser merges only the app's classes (scripts/loaders/tailwind-merge-groups.cjs)",
  },
];

function readStats(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
}

/** The stats name chunks from the project folder: `.next/static/…`, or the NEXT_DIST_DIR folder's name first. */
function chunkFile(distDir, chunkPath) {
  const [first, ...rest] = chunkPath.split(/[\\/]/);
  return first === '.next' || first === path.basename(distDir) ? path.join(distDir, ...rest) : path.join(distDir, chunkPath);
}

/** Per route: its first-load JavaScript, raw and gzipped, in bytes. */
export function firstLoadSizes(distDir) {
  return readStats(distDir).map((route) => ({
    route: route.route,
    rawBytes: route.firstLoadUncompressedJsBytes,
    gzipBytes: route.firstLoadChunkPaths.map((chunk) => gzipSync(readFileSync(chunkFile(distDir, chunk)), { level: 9 }).length).reduce((a, b) => a + b, 0),
  }));
}

/** The browser's chunks (static/chunks, any depth) holding any of `markers`, by file name relative to the build folder. */
export function chunksWith(distDir, markers) {
  const chunksDir = path.join(distDir, 'static', 'chunks');
  const files = readdirSync(chunksDir, { recursive: true }).map(String).filter((name) => name.endsWith('.js'));
  return files
    .filter((name) => {
      const text = readFileSync(path.join(chunksDir, name), 'utf8');
      return markers.some((marker) => text.includes(marker));
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
  for (const { markers, what, why } of KEPT_OUT) for (const chunk of chunksWith(distDir, markers)) problems.push(`${chunk} holds ${what}: ${why}`);
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
    console.log(`${SESSION_ROUTE} within its budget of ${kib(SESSION_PAGE_BUDGET_BYTES)}; none of ${KEPT_OUT.map((kept) => kept.what).join(', ')} in the browser's chunks`);
  }
}
