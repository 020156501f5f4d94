import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { splitByIsolation } from './tests/support/isolation';

const alias = {
  '@': fileURLToPath(new URL('./', import.meta.url)),
  // Server modules import `server-only`; under vitest they run outside Next's react-server condition.
  'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
  // Next resolves next/dynamic to its App Router version (lazy + Suspense) in app code; vitest would take the Pages one.
  'next/dynamic': 'next/dist/api/app-dynamic.js',
};

// Component and unit test files that leave no global state behind share their worker's modules (vitest's isolate:
// false): React, Radix, happy-dom's setup and the AI SDK load once per worker instead of once per file, measured
// 76 s -> ~15 s for the component files on 2 cores. A file that mocks modules, stubs globals or the environment,
// or fakes timers (tests/support/isolation.ts finds them, helpers included) keeps a fresh worker of its own.
const components = splitByIsolation('tests/components', /\.test\.tsx?$/);
const units = splitByIsolation('tests/unit', /\.test\.ts$/);
// Every project sets these (a project does not inherit the root's). The hook timeout covers setup that starts servers
// and migrates databases: two files run at once on 2 cores (scripts/test.mjs), and vitest's 10 s default was hit once
// under load.
const limits = { testTimeout: 20_000, hookTimeout: 30_000 };
const componentSetup = { environment: 'happy-dom' as const, setupFiles: ['tests/support/components-setup.tsx'], ...limits };

export default defineConfig({
  resolve: { alias },
  test: {
    ...limits,
    // No test passes by retrying.
    retry: 0,
    pool: 'forks',
    projects: [
      {
        resolve: { alias },
        test: { name: 'node', environment: 'node', include: [...units.isolated, 'tests/integration/**/*.test.ts'], ...limits },
      },
      { resolve: { alias }, test: { name: 'node-shared', environment: 'node', include: units.shared, isolate: false, ...limits } },
      // Worker threads rather than processes: happy-dom needs no native module, and a thread starts faster.
      { resolve: { alias }, test: { name: 'components', include: components.isolated, pool: 'threads', ...componentSetup } },
      { resolve: { alias }, test: { name: 'components-shared', include: components.shared, pool: 'threads', isolate: false, ...componentSetup } },
    ],
  },
});
