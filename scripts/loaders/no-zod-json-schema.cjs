// A Turbopack loader for browser bundles only (next.config.mjs): zod's JSON Schema generation in place of the real
// code. Every zod schema wires `toJSONSchema()` and its processors in when it is built, so the bundler keeps ~20 KiB
// (minified) of them in the browser, where nothing calls them: `ai` builds a JSON Schema only to send tools to a
// model, which the browser never does. Each stubbed function throws if called, saying why; what zod's own schemas read
// (`aggregateChecks`, behind `.minLength`, `.format`, `.isInt`…) stays as it is. The same for the converter of zod 3
// schemas in @ai-sdk/provider-utils (~14 KiB): the browser's zod is zod 4, and it never sends a schema anywhere.
/* eslint-disable @typescript-eslint/no-require-imports -- a loader Turbopack runs is CommonJS */
'use strict';

const acorn = require('acorn');

const THROW = "throw new Error('zod JSON Schema generation is left out of the browser bundle (next.config.mjs, scripts/loaders/no-zod-json-schema.cjs)')";
const UNAVAILABLE = `const unavailable = () => {\n  ${THROW};\n};`;

/** The names a module exports with `export function NAME` or `export const NAME`. */
function exportedNames(source) {
  return [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((match) => match[1]);
}

/** A stub for each name: factories of JSON Schema methods return a method that throws, the rest throw. */
function stubs(names) {
  return names
    .map((name) => {
      if (name === 'allProcessors') return 'export const allProcessors = {};';
      if (/^create\w*Method$/.test(name)) return `export const ${name} = () => unavailable;`;
      return `export const ${name} = unavailable;`;
    })
    .join('\n');
}

/** to-json-schema.js: all of it (its `export { processSchema as process }` alias stays). */
function toJsonSchema(source) {
  const aliases = source.match(/^export \{[^}]*\};?$/gm) ?? [];
  return [UNAVAILABLE, stubs(exportedNames(source)), ...aliases].join('\n');
}

/** json-schema-processors.js: the processors and `toJSONSchema`; its imports and `aggregateChecks` before them stay. */
function jsonSchemaProcessors(source) {
  const start = source.indexOf('export const stringProcessor');
  if (start < 0) throw new Error('no-zod-json-schema: zod/v4/core/json-schema-processors.js changed shape (no stringProcessor)');
  const kept = source.slice(0, start);
  if (!/export function aggregateChecks/.test(kept)) throw new Error('no-zod-json-schema: aggregateChecks is no longer before the processors');
  return [kept, UNAVAILABLE, stubs(exportedNames(source.slice(start)))].join('\n');
}

/**
 * @ai-sdk/provider-utils' bundle with its zod 3 converter (`zod3ToJsonSchema`, called lazily by `zod3Schema`) throwing:
 * nothing else refers to its parsers, so the minifier drops them.
 */
function providerUtils(source) {
  const program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const declarator = program.body
    .filter((node) => node.type === 'VariableDeclaration')
    .flatMap((node) => node.declarations)
    .find((node) => node.id.type === 'Identifier' && node.id.name === 'zod3ToJsonSchema');
  if (!declarator?.init) throw new Error('no-zod-json-schema: @ai-sdk/provider-utils has no zod3ToJsonSchema (its build changed)');
  return (source.slice(0, declarator.init.start) + `() => {\n  ${THROW};\n}` + source.slice(declarator.init.end)).replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
}

module.exports = function noZodJsonSchema(source) {
  const file = this.resourcePath.replaceAll('\\', '/');
  if (file.endsWith('/zod/v4/core/to-json-schema.js')) return toJsonSchema(source);
  if (file.endsWith('/zod/v4/core/json-schema-processors.js')) return jsonSchemaProcessors(source);
  if (file.endsWith('/@ai-sdk/provider-utils/dist/index.js')) return providerUtils(source);
  throw new Error(`no-zod-json-schema: not a file it knows (${file})`);
};

module.exports.toJsonSchema = toJsonSchema;
module.exports.jsonSchemaProcessors = jsonSchemaProcessors;
module.exports.providerUtils = providerUtils;
