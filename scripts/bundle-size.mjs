// Gzipped first-load JavaScript per route, from Next 16's .next/diagnostics/route-bundle-stats.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const stats = JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const route of stats) {
  const gzipped = route.firstLoadChunkPaths
    .map((chunk) => gzipSync(readFileSync(chunk.replace(/^\.next/, distDir)), { level: 9 }).length)
    .reduce((a, b) => a + b, 0);
  console.log(`${route.route.padEnd(12)} ${kib(route.firstLoadUncompressedJsBytes).padStart(11)} raw  ${kib(gzipped).padStart(10)} gzipped`);
}
