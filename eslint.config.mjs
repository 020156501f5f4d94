import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Dependencies point inward. Each block says what a folder may not import;
 * README.md ("How it is built") lists the same rules in words.
 */
const FRAMEWORK = ['next', 'next/*', 'react', 'react/*', 'react-dom', 'react-dom/*'];
const DATABASE = ['@/db', '@/db/*', 'drizzle-orm', 'drizzle-orm/*', '@libsql/*'];
const UI = ['@/components/*', '@/app/*'];
const SERVER = ['@/lib/server', '@/lib/server/*', '@/lib/log', '@/lib/log.mjs'];
/** Marks a module the browser must never load; only lib/server and db/ use it. */
const SERVER_ONLY = ['server-only'];
const BROWSER = ['@/lib/client/*'];

const forbid = (files, patterns, why) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message: why }] }] },
});

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'bench/floor/.next/**', 'bench/results/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'tests/.artifacts/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: '`as unknown as` erases the type: validate (zod), narrow, or type the value where it is made.',
        },
      ],
    },
  },
  // The loop and context management are framework-free state machines.
  forbid(['lib/agent/**', 'lib/context/**'], [...FRAMEWORK, ...DATABASE, ...UI, ...SERVER, ...SERVER_ONLY, ...BROWSER], 'lib/agent and lib/context are framework-free: no Next, React, database, server or browser code.'),
  // Domain libraries: tools, MCP, models, network, permissions, workspace, todos, settings, the API contract, the request guard.
  forbid(
    ['lib/tools/**', 'lib/mcp/**', 'lib/models/**', 'lib/net/**', 'lib/permissions/**', 'lib/workspace/**', 'lib/todos/**', 'lib/settings/**', 'lib/api/**', 'lib/security/**', 'lib/api-types.ts', 'lib/utils.ts'],
    [...FRAMEWORK, ...DATABASE, ...UI, ...SERVER, ...SERVER_ONLY, ...BROWSER],
    'Domain code gets its stores injected: no database, server, UI or framework imports (lib/server wires them).',
  ),
  // Browser helpers: never server code or the database.
  forbid(['lib/client/**'], [...DATABASE, ...SERVER, ...SERVER_ONLY, ...UI, 'next/server'], 'lib/client runs in the browser: no database or server modules.'),
  // Server code: everything below it, never the UI or browser helpers.
  forbid(['lib/server/**', 'lib/log.mjs'], [...UI, ...BROWSER, 'react', 'react-dom', 'react/*'], 'lib/server is the server layer: no UI or browser code.'),
  // The database layer: schema and queries only.
  forbid(['db/**'], [...FRAMEWORK, ...UI, ...SERVER, ...BROWSER], 'db/ owns the schema and the queries: no framework, server or UI imports.'),
  // Components run in the browser (or render on the server through props): never the database or server modules.
  forbid(['components/**'], [...DATABASE, ...SERVER, ...SERVER_ONLY, 'next/server'], 'Components get data through props or lib/client, never from the database or lib/server.'),
  // Routes and pages parse, call one lib/server function and respond.
  forbid(['app/**'], DATABASE, 'Routes and pages call lib/server; only lib/server talks to db/.'),
];

export default config;
