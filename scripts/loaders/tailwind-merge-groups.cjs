// A Turbopack loader for browser bundles only (next.config.mjs): tailwind-merge's default config keeps only the class
// groups in lib/tailwind-merge-groups.json (scripts/tailwind-merge-groups.mjs finds them in the app's source). The
// other ~260 groups, ~2/3 of the config, were in every page for classes the app never writes; merging the app's own
// classes answers the same (tests/unit/tailwind-merge-groups.test.ts compares every pair with the full config).
/* eslint-disable @typescript-eslint/no-require-imports -- a loader Turbopack runs is CommonJS */
'use strict';

const { readFileSync } = require('node:fs');
const path = require('node:path');
const acorn = require('acorn');

const GROUPS_FILE = path.join(__dirname, '..', '..', 'lib', 'tailwind-merge-groups.json');

const keyOf = (property) => (property.key.type === 'Identifier' ? property.key.name : String(property.key.value));

/** The object literal getDefaultConfig returns. */
function defaultConfigObject(program) {
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    const declarator = statement.declarations.find((candidate) => candidate.id.type === 'Identifier' && candidate.id.name === 'getDefaultConfig');
    const body = declarator?.init?.body;
    const returned = body?.type === 'BlockStatement' ? body.body.find((node) => node.type === 'ReturnStatement')?.argument : undefined;
    if (returned?.type === 'ObjectExpression') return returned;
  }
  throw new Error('tailwind-merge-groups: no getDefaultConfig returning an object literal in tailwind-merge (its build changed)');
}

function objectProperty(object, name) {
  const found = object.properties.find((property) => property.type === 'Property' && keyOf(property) === name);
  if (!found || found.value.type !== 'ObjectExpression') throw new Error(`tailwind-merge-groups: the default config has no ${name} object`);
  return found.value;
}

/** tailwind-merge's bundle with only `keep` in its default config's class groups and conflict lists. */
function pruneDefaultConfig(source, keep) {
  const program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const config = defaultConfigObject(program);
  const edits = [];
  const rebuild = (object, entry) => {
    const kept = object.properties.filter((property) => keep.has(keyOf(property)));
    edits.push({ start: object.start, end: object.end, text: `{\n${kept.map(entry).join(',\n')}\n}` });
  };
  rebuild(objectProperty(config, 'classGroups'), (property) => source.slice(property.start, property.end));
  for (const name of ['conflictingClassGroups', 'conflictingClassGroupModifiers']) {
    rebuild(objectProperty(config, name), (property) => {
      if (property.value.type !== 'ArrayExpression') throw new Error(`tailwind-merge-groups: ${name}.${keyOf(property)} is not an array`);
      const others = property.value.elements.filter((element) => element.type === 'Literal' && keep.has(element.value)).map((element) => JSON.stringify(element.value));
      return `${JSON.stringify(keyOf(property))}: [${others.join(', ')}]`;
    });
  }
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  // The package's source map no longer matches.
  return text.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
}

function keptGroups() {
  return new Set(JSON.parse(readFileSync(GROUPS_FILE, 'utf8')));
}

module.exports = function tailwindMergeGroups(source) {
  this.addDependency?.(GROUPS_FILE);
  return pruneDefaultConfig(source, keptGroups());
};

module.exports.pruneDefaultConfig = pruneDefaultConfig;
module.exports.keptGroups = keptGroups;
