// Where a route's first-load JavaScript comes from: its chunks' bytes attributed to packages (or files) through
// their source maps. Build with source maps first (BUNDLE_SOURCE_MAPS=1 turns them on in next.config.mjs):
//   BUNDLE_SOURCE_MAPS=1 NEXT_DIST_DIR=.next-why npx next build && node bench/bundle-why.mjs --dist .next-why
//   node bench/bundle-why.mjs [--dist DIR] [--route /s/[id]] [--base /_not-found] [--files] [--top 40]
// `--base` leaves out the chunks that route also loads (by default none: the whole first load is attributed).
// The floor: BUNDLE_SOURCE_MAPS=1 npx next build bench/floor, then --dist bench/floor/.next --route /.
// Bytes are raw (minified, before gzip), attributed from one mapping to the next on the same line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: '.next' },
    route: { type: 'string', default: '/s/[id]' },
    base: { type: 'string' },
    files: { type: 'boolean', default: false },
    top: { type: 'string', default: '40' },
  },
});

const distDir = path.resolve(values.dist);
const stats = JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
const chunksOf = (route) => {
  const entry = stats.find((candidate) => candidate.route === route);
  if (!entry) throw new Error(`no route ${route} in ${distDir}: ${stats.map((r) => r.route).join(', ')}`);
  return entry.firstLoadChunkPaths;
};
const baseChunks = new Set(values.base ? chunksOf(values.base) : []);

/** node_modules/@scope/name/… → npm:@scope/name; a project file → its path (or its top two folders). */
function ownerOf(source) {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const [first, second] = source.slice(at + 'node_modules/'.length).split('/');
    if (values.files) return source.slice(at);
    return `npm:${first.startsWith('@') ? `${first}/${second}` : first}`;
  }
  const file = source.replace(/^.*?\[project\]\//, '').replace(/^turbopack:\/\/\//, '');
  return values.files ? file : file.split('/').slice(0, 2).join('/');
}

const bytesBy = new Map();
let total = 0;
let unmapped = 0;
for (const chunk of chunksOf(values.route)) {
  if (baseChunks.has(chunk)) continue;
  // The stats name chunks from the project folder: `.next/static/…`, or the NEXT_DIST_DIR folder's name first.
  const [first, ...rest] = chunk.split(/[\\/]/);
  const file = first === '.next' || first === path.basename(distDir) ? path.join(distDir, ...rest) : path.join(distDir, chunk);
  const code = readFileSync(file, 'utf8');
  const mapName = code.match(/sourceMappingURL=(\S+)\s*$/)?.[1];
  const mapFile = mapName ? path.join(path.dirname(file), mapName) : `${file}.map`;
  if (!existsSync(mapFile)) {
    unmapped += code.length;
    continue;
  }
  const segments = [];
  eachMapping(new TraceMap(JSON.parse(readFileSync(mapFile, 'utf8'))), (mapping) => segments.push(mapping));
  segments.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const lines = code.split('\n');
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    const lineLength = (lines[segment.generatedLine - 1] ?? '').length;
    const end = next && next.generatedLine === segment.generatedLine ? next.generatedColumn : lineLength;
    const bytes = Math.max(0, end - segment.generatedColumn);
    const owner = segment.source ? ownerOf(segment.source) : '(no source)';
    bytesBy.set(owner, (bytesBy.get(owner) ?? 0) + bytes);
    total += bytes;
  });
}

const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
console.log(`${values.route}${values.base ? ` minus ${values.base}` : ''}: ${kib(total).trim()} KiB raw attributed${unmapped ? `, ${kib(unmapped).trim()} KiB in chunks without a source map (build with BUNDLE_SOURCE_MAPS=1)` : ''}`);
for (const [owner, bytes] of [...bytesBy].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${kib(bytes)}  ${owner}`);
