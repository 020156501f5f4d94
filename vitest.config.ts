import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // Server modules import `server-only`; under vitest they run outside Next's react-server condition.
  'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
  // Next resolves next/dynamic to its App Router version (lazy + Suspense) in app code; vitest would take the Pages one.
  'next/dynamic': 'next/dist/api/app-dynamic.js',
};

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 20_000,
    // Setup that starts servers and migrates databases: two files run at once on 2 cores (scripts/test.mjs), and
    // vitest's 10 s default hook timeout was hit once under load.
    hookTimeout: 30_000,
    // No test passes by retrying.
    retry: 0,
    pool: 'forks',
    projects: [
      {
        resolve: { alias },
        test: { name: 'node', environment: 'node', include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: { name: 'components', environment: 'happy-dom', setupFiles: ['tests/support/components-setup.tsx'], include: ['tests/components/**/*.test.{ts,tsx}'], testTimeout: 20_000, hookTimeout: 30_000 },
      },
    ],
  },
});
