import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Figures, not tests: `npm run bench:run-log` prints them. Not part of `npm test`. */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: { environment: 'node', include: ['tests/bench/**/*.bench.test.ts'], testTimeout: 120_000, pool: 'forks' },
});
