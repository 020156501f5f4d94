/**
 * The container, without Docker (which cannot run here): the standalone server started exactly
 * as the Dockerfile's final stage starts it. Its WORKDIR, ENV, USER, VOLUME, HEALTHCHECK and CMD
 * are read from the Dockerfile itself, so the image and this test cannot drift apart:
 * - the same command (CMD, from WORKDIR), in the same layout (the standalone folder copied to
 *   <temp>/app, the image's /app, with /app in ENV values mapped there);
 * - the same environment and nothing else (no inherited variables): the image's ENV plus what
 *   `docker run -e` adds (AUTH_SECRET) and another PORT;
 * - the same user: the Dockerfile's numeric USER through `setpriv` when this runs as root (as it
 *   does here and in CI), else the current user; the first test says which.
 */
import { createClient } from '@libsql/client';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, installStandalone, removeTempFolders, standaloneBuild, startServerProcess, type ServerProcess } from '../support/standalone-app';

interface FinalStage {
  workdir: string;
  env: Record<string, string>;
  user: string;
  volumes: string[];
  expose: string[];
  healthcheck: string[];
  cmd: string[];
}

/** The instructions of the Dockerfile's last stage (after its last FROM), as this test uses them. */
function finalStage(dockerfile: string): FinalStage {
  const lines = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const last = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  const stage: FinalStage = { workdir: '/', env: {}, user: 'root', volumes: [], expose: [], healthcheck: [], cmd: [] };
  for (const line of lines.slice(last + 1)) {
    const [, keyword = '', rest = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    switch (keyword.toUpperCase()) {
      case 'WORKDIR':
        stage.workdir = rest;
        break;
      case 'ENV':
        for (const [, key, value] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[key!] = value!.replace(/^"|"$/g, '');
        break;
      case 'USER':
        stage.user = rest;
        break;
      case 'VOLUME':
        stage.volumes.push(...(rest.startsWith('[') ? (JSON.parse(rest) as string[]) : rest.split(/\s+/)));
        break;
      case 'EXPOSE':
        stage.expose.push(...rest.split(/\s+/));
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = JSON.parse(rest.slice(rest.indexOf('CMD ') + 4)) as string[];
        break;
      case 'CMD':
        stage.cmd = JSON.parse(rest) as string[];
        break;
    }
  }
  return stage;
}

const stage = finalStage(readFileSync('Dockerfile', 'utf8'));
const [uid, gid] = stage.user.split(':').map(Number) as [number, number];
const isRoot = process.getuid?.() === 0;
const canDrop = isRoot && spawnSync('setpriv', ['--version']).status === 0;
/** The CMD as the container runs it: as USER when we can switch users. */
const asImageUser = (command: string[]) => (canDrop ? ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', ...command] : command);

let app: string;
let port: number;
let server: ServerProcess;
const AUTH_SECRET = randomBytes(32).toString('base64');

/** The image's ENV with /app mapped into the temp layout, `docker run -e` values on top, and node on PATH. */
function containerEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: path.join(app, 'data') };
  for (const [key, value] of Object.entries(stage.env)) env[key] = value.replaceAll(stage.workdir, app);
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

const start = (extra: Record<string, string | undefined>, atPort: number) =>
  startServerProcess({ command: asImageUser(stage.cmd), cwd: app, env: containerEnv({ PORT: String(atPort), ...extra }), port: atPort });

beforeAll(async () => {
  const build = standaloneBuild();
  app = installStandalone(build, canDrop ? { uid, gid } : undefined);
  port = await freePort();
  server = await start({ AUTH_SECRET }, port);
  if (!server.stdout().includes('ready on')) throw new Error(`the server did not start:\n${server.stdout()}\n${server.stderr()}`);
}, 900_000);

afterAll(async () => {
  await server?.stop();
  await removeTempFolders();
}, 60_000);

describe('the Dockerfile', () => {
  it('has a final stage that runs the standalone start script as a non-root user, with the data on a volume', () => {
    // With the node flags `npm start` has (package.json).
    const startFlags = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
    expect(startFlags).toContain('--max-semi-space-size=32');
    expect(stage.cmd).toEqual(['node', ...startFlags, 'scripts/start.mjs']);
    expect(stage.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', HOSTNAME: '0.0.0.0' });
    expect(stage.expose).toEqual([stage.env.PORT]);
    expect(stage.volumes).toEqual([`${stage.workdir}/data`]);
    expect(stage.env.DATABASE_URL).toBe(`file:${stage.workdir}/data/playground.db`);
    expect(stage.healthcheck.join(' ')).toContain('/api/health');
  });
});

describe('the standalone server, started as the image starts it', () => {
  it(canDrop ? `runs as the Dockerfile's USER (${uid}:${gid}, through setpriv)` : 'runs as the current user (not root: setpriv cannot switch users here)', () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const realUid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    expect(realUid).toBe(canDrop ? uid : process.getuid?.());
    expect(statSync(path.join(app, 'data')).uid).toBe(canDrop ? uid : process.getuid?.());
  });

  it('is a build, not a checkout: no sources, no next.config.mjs, no build tools, so nothing is built at start', () => {
    for (const absent of ['app', 'components', 'next.config.mjs', 'node_modules/typescript', 'node_modules/next/dist/bin/next']) expect(existsSync(path.join(app, absent)), absent).toBe(false);
    for (const present of ['server.js', '.next/BUILD_ID', '.next/static', 'db/migrations', 'scripts/server.mjs', 'lib/security/request-guard.mjs', 'node_modules/next/package.json']) expect(existsSync(path.join(app, present)), present).toBe(true);
  });

  it('listens on HOSTNAME=0.0.0.0 with accounts on, and says so in a JSON log line', () => {
    const ready = server.stdout().split('\n').find((line) => line.includes('ready on'));
    expect(JSON.parse(ready!)).toMatchObject({ level: 'info', host: '0.0.0.0', port, open: true, accounts: true, msg: `Agent Playground ready on http://0.0.0.0:${port}` });
  });

  it('answers /api/health with the database ok, and the HEALTHCHECK command passes', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: 'ok' });
    const check = spawnSync(stage.healthcheck[0]!, stage.healthcheck.slice(1), { cwd: app, env: containerEnv({ PORT: String(port), AUTH_SECRET }) as NodeJS.ProcessEnv, timeout: 10_000 });
    expect(check.status).toBe(0);
  });

  it('asks for a session before anything else (accounts are on)', async () => {
    const response = await fetch(`${server.url}/api/sessions`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('applied the migrations at start, into the volume', async () => {
    const file = path.join(app, 'data', 'playground.db');
    expect(statSync(file).uid).toBe(canDrop ? uid : process.getuid?.());
    const db = createClient({ url: `file:${file}` });
    try {
      const journal = JSON.parse(readFileSync(path.join(app, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await db.execute('SELECT count(*) AS n FROM __drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
    } finally {
      db.close();
    }
  });

  it('refuses to start without AUTH_SECRET on 0.0.0.0, saying how to fix it', async () => {
    const other = await freePort();
    const refused = await start({}, other);
    expect(await refused.exited).toEqual({ code: 1, signal: null });
    expect(refused.stderr()).toMatch(/Refusing to listen on 0\.0\.0\.0.*AUTH_SECRET is not set/);
    expect(refused.stderr()).toMatch(/PLAYGROUND_ALLOW_OPEN=1/);
  });

  it('refuses to start with an AUTH_SECRET that is too short', async () => {
    const refused = await start({ AUTH_SECRET: 'too-short' }, await freePort());
    expect(await refused.exited).toEqual({ code: 1, signal: null });
    expect(refused.stderr()).toMatch(/AUTH_SECRET must be at least 32 characters/);
  });

  it('writes only JSON lines to stdout, and on SIGTERM drains and exits 0; the HEALTHCHECK then fails', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const lines = server.stdout().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.map((line) => JSON.parse(line).msg)).toContain('SIGTERM received: finishing active runs, then exiting');
    const check = spawnSync(stage.healthcheck[0]!, stage.healthcheck.slice(1), { cwd: app, env: containerEnv({ PORT: String(port), AUTH_SECRET }) as NodeJS.ProcessEnv, timeout: 10_000 });
    expect(check.status).toBe(1);
  });
});
