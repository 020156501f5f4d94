import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as realZod from 'zod';

// The browser bundles' zod: a copy of zod/v4 with the loader's output in place of its JSON Schema generation
// (next.config.mjs runs the loader on those two files in browser bundles only).
const require = createRequire(import.meta.url);
const loader = require('../../scripts/loaders/no-zod-json-schema.cjs') as (this: { resourcePath: string }, source: string) => string;
const zodV4 = path.join(path.dirname(require.resolve('zod/package.json')), 'v4');
const STUBBED = ['core/to-json-schema.js', 'core/json-schema-processors.js'];

let copy: string;
type Zod = typeof import('zod');
let z: Zod;
let real: Zod;

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'zod-browser-'));
  cpSync(zodV4, copy, { recursive: true });
  for (const file of STUBBED) {
    const resourcePath = path.join(copy, file);
    writeFileSync(resourcePath, loader.call({ resourcePath: `/x/node_modules/zod/v4/${file}` }, readFileSync(resourcePath, 'utf8')));
  }
  z = (await import(pathToFileURL(path.join(copy, 'classic', 'index.js')).href)) as Zod;
  real = (await import(pathToFileURL(path.join(zodV4, 'classic', 'index.js')).href)) as Zod;
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("the browser's zod without JSON Schema generation", () => {
  test.each(STUBBED)('%s exports every name the real one does', async (file) => {
    const stubbed = await import(pathToFileURL(path.join(copy, file)).href);
    const original = await import(pathToFileURL(path.join(zodV4, file)).href);
    expect(Object.keys(stubbed).sort()).toEqual(Object.keys(original).sort());
  });

  test('schemas build, parse and report their checks as before', () => {
    const schema = z.object({ name: z.string().min(3).max(10), count: z.number().int().min(1), kind: z.enum(['a', 'b']).optional() });
    expect(schema.safeParse({ name: 'abcd', count: 2 }).success).toBe(true);
    const failed = schema.safeParse({ name: 'ab', count: 1.5 });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(real.object({ name: real.string().min(3), count: real.number().int() }).safeParse({ name: 'ab', count: 1.5 }).error?.issues.map((issue) => issue.path.join('.')));
    // What zod's schemas read from the kept aggregateChecks.
    expect(z.string().min(3).max(10).minLength).toBe(3);
    expect(z.string().min(3).max(10).maxLength).toBe(10);
    expect(z.email().format).toBe('email');
    expect(z.number().int().isInt).toBe(true);
  });

  test('JSON Schema generation throws, saying why, instead of answering wrongly', () => {
    const message = /left out of the browser bundle/;
    expect(() => z.toJSONSchema(z.string())).toThrow(message);
    expect(() => z.string().toJSONSchema()).toThrow(message);
    expect(() => z.string()['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toThrow(message);
    expect(real.toJSONSchema(real.string())).toMatchObject({ type: 'string' });
  });

  test('a file the loader does not know fails the build', () => {
    expect(() => loader.call({ resourcePath: '/x/node_modules/zod/v4/core/schemas.js' }, '')).toThrow(/not a file it knows/);
  });
});

describe("@ai-sdk/provider-utils in the browser, without its zod 3 converter", () => {
  const bundle = path.join(path.dirname(require.resolve('@ai-sdk/provider-utils')), 'index.js');
  // Written beside the real bundle, so that its own imports (zod, @ai-sdk/provider…) resolve as they do in the app.
  const stubbedFile = path.join(path.dirname(bundle), `.browser-stub-${process.pid}.js`);
  type ProviderUtils = typeof import('@ai-sdk/provider-utils');
  let stubbed: ProviderUtils;
  beforeAll(async () => {
    writeFileSync(stubbedFile, loader.call({ resourcePath: '/x/node_modules/@ai-sdk/provider-utils/dist/index.js' }, readFileSync(bundle, 'utf8')));
    stubbed = (await import(pathToFileURL(stubbedFile).href)) as ProviderUtils;
  });
  afterAll(() => rmSync(stubbedFile, { force: true }));

  test('exports what the real one does; zod 4 schemas validate and still give their JSON Schema where zod is whole', async () => {
    const real = (await import(pathToFileURL(bundle).href)) as ProviderUtils;
    expect(Object.keys(stubbed).sort()).toEqual(Object.keys(real).sort());
    const schema = stubbed.zodSchema(realZod.object({ n: realZod.number() }));
    expect(await stubbed.safeValidateTypes({ value: { n: 1 }, schema })).toMatchObject({ success: true });
    expect(await stubbed.safeValidateTypes({ value: { n: 'x' }, schema })).toMatchObject({ success: false });
    expect(schema.jsonSchema).toMatchObject({ type: 'object' });
  });

  test("a zod 3 schema's JSON Schema throws, saying why", () => {
    const zod3 = { _def: { typeName: 'ZodString', checks: [] }, safeParse: () => ({ success: true, data: '' }) };
    const schema = stubbed.zodSchema(zod3 as never);
    expect(() => schema.jsonSchema).toThrow(/left out of the browser bundle/);
  });
});
