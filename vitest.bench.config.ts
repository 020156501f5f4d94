import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Figures, not tests: `npm run bench:run-log` and `npm run bench` print them. Not part of `npm test`. */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // Server modules import `server-only`; under vitest they run outside Next's react-server condition.
      'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
    },
  },
  test: { environment: 'node', include: ['tests/bench/**/*.bench.test.ts'], testTimeout: 120_000, pool: 'forks' },
});
