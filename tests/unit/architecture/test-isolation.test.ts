import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { splitByIsolation } from '../../support/isolation';

const dir = mkdtempSync(path.join(tmpdir(), 'isolation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
}

test('files that leave state behind, directly or through a local helper, get a worker of their own', () => {
  file('pure.test.ts', "import { expect, test } from 'vitest';\ntest('x', () => expect(1).toBe(1));\n");
  file('spies.test.ts', "const spy = vi.spyOn(console, 'log');\n");
  file('mocks.test.ts', "vi.mock('@/lib/client/toast', () => ({}));\n");
  file('stubs-undone.test.ts', "vi.stubGlobal('fetch', f);\nafterEach(() => vi.unstubAllGlobals());\n");
  file('stubs-kept.test.ts', "vi.stubGlobal('fetch', f);\n");
  file('timers-kept.test.ts', 'vi.useFakeTimers();\n');
  file('env.test.ts', "process.env.DATABASE_URL = 'file:x';\n");
  file('define.test.ts', "Object.defineProperty(navigator, 'clipboard', { value: {} });\n");
  file('nested/helper.ts', "export const stub = () => vi.stubEnv('A', 'b');\n");
  file('nested/uses-helper.test.ts', "import { stub } from './helper';\n");
  file('nested/helper-undone.ts', "export const stub = () => vi.stubGlobal('fetch', f);\n");
  file('nested/uses-helper-undone.test.ts', "import { stub } from './helper-undone';\nafterEach(() => vi.unstubAllGlobals());\n");

  const { isolated, shared } = splitByIsolation(dir, /\.test\.ts$/);
  const names = (files: string[]) => files.map((f) => path.relative(dir, f)).sort();
  expect(names(shared)).toEqual(['nested/uses-helper-undone.test.ts', 'pure.test.ts', 'spies.test.ts', 'stubs-undone.test.ts']);
  expect(names(isolated)).toEqual(['define.test.ts', 'env.test.ts', 'mocks.test.ts', 'nested/uses-helper.test.ts', 'stubs-kept.test.ts', 'timers-kept.test.ts']);
});
