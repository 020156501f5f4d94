// npm start: production server on http://localhost:3000 (PORT to change it), SQLite in ./data.
// In a checkout it builds first when there is no build yet or the sources changed since the
// last one (and completes .next/standalone, scripts/standalone.mjs); in a standalone folder
// (the container image, docs/deploy.md) it serves the build it was shipped with. Then it
// migrates the database and serves in this process (scripts/server.mjs: local-only bind
// unless accounts are on, request guard, drain on SIGTERM).
import './node-env.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';
import { resolveBind } from '../lib/security/bind.mjs';
import { allowListFromEnv } from '../lib/security/request-guard.mjs';
import { migrateDatabase } from './migrate-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
// The same .env / .env.local files Next reads, so DATABASE_URL set there is the one we migrate.
nextEnv.loadEnvConfig(root, false);
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const SOURCES = ['app', 'components', 'lib', 'db', 'public', 'package-lock.json', 'next.config.mjs', 'postcss.config.mjs'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function buildIsCurrent() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return false;
  const builtAt = statSync(buildId).mtimeMs;
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= builtAt);
}

// Refuse a public bind, or a malformed ALLOWED_HOSTS, before spending a minute on a build.
const bind = resolveBind();
if (!bind.ok) {
  console.error(bind.message);
  process.exit(1);
}
try {
  allowListFromEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// A standalone folder has the compiled app but no sources, next.config.mjs or build tools.
const isCheckout = existsSync(path.join(root, 'next.config.mjs'));
if (isCheckout && process.env.SKIP_BUILD !== '1') {
  if (!buildIsCurrent()) {
    console.log('Building Agent Playground (first start or sources changed)…');
    const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // `next build` rewrites .next/standalone; complete it for copying elsewhere (docs/deploy.md).
  if (!existsSync(path.join(root, '.next', 'standalone', 'scripts', 'server.mjs'))) {
    const { assembleStandalone } = await import('./standalone.mjs');
    await assembleStandalone();
  }
}

// Fail fast on a bad DATABASE_URL, before the server says it is ready.
await migrateDatabase();

const { startServer } = await import('./server.mjs');
await startServer();
