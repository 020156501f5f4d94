// @ts-check
// Opening and migrating the database lives in plain JavaScript so that both the
// app (db/client.ts) and `npm run db:migrate` (scripts/migrate.mjs) share it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';

const DEFAULT_DATABASE_URL = 'file:./data/playground.db';
/**
 * The driver itself never waits for a lock: the local libSQL driver waits synchronously,
 * which froze the whole server (every request, every stream) for as long as another
 * process held the write lock. A busy statement fails at once instead, and
 * withBusyRetry waits for the lock with timers, so the event loop keeps running.
 */
export const BUSY_TIMEOUT_MS = 0;
/** How long one database call keeps retrying a locked database before it gives up with DatabaseBusyError. */
const DEFAULT_BUSY_BUDGET_MS = 4000;

/** A write that could not take the database's lock in time: nothing was written. */
export class DatabaseBusyError extends Error {
  /** @param {string} message @param {unknown} [cause] */
  constructor(message, cause) {
    super(message, { cause });
    this.name = 'DatabaseBusyError';
    this.code = 'DB_BUSY';
  }
}

/**
 * Whether an error (or any error in its cause chain: drizzle wraps the driver's) is
 * SQLite saying another connection holds a lock.
 * @param {unknown} error
 */
export function isBusyError(error) {
  for (let current = error, depth = 0; current && depth < 6; current = /** @type {{ cause?: unknown }} */ (current).cause, depth++) {
    if (current instanceof DatabaseBusyError) return true;
    const { code, extendedCode, message } = /** @type {{ code?: unknown, extendedCode?: unknown, message?: unknown }} */ (current);
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
    if (typeof extendedCode === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(extendedCode)) return true;
    if (typeof message === 'string' && /database (table )?is locked|SQLITE_BUSY/i.test(message)) return true;
  }
  return false;
}

/**
 * Runs a database call, retrying while the database is locked, with backoff on timers.
 * Gives up after `budgetMs` with DatabaseBusyError (which routes answer with a 503).
 * A call that belongs to a run passes a longer budget: its writes must land.
 * @template T
 * @param {() => Promise<T>} call
 * @param {{ budgetMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function withBusyRetry(call, { budgetMs = DEFAULT_BUSY_BUDGET_MS } = {}) {
  const deadline = Date.now() + budgetMs;
  let delay = 5;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (Date.now() + delay > deadline) {
        throw new DatabaseBusyError(`The database stayed locked for ${Math.round(budgetMs / 100) / 10} s (another process is writing to it).`, error);
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 200);
    }
  }
}

export function databaseUrl() {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/**
 * On Vercel (VERCEL is set) a SQLite file would live on one function instance's temporary
 * disk: every instance would see its own, and all of it would be lost. Refused, with the fix.
 * @param {string} url
 * @param {Record<string, string | undefined>} [env]
 */
export function assertDatabaseFitsHost(url, env = process.env) {
  if (env.VERCEL && url.startsWith('file:')) {
    throw new Error(
      `DATABASE_URL is ${url}, a local file: on Vercel it would be lost with each function instance. Set DATABASE_URL to a libSQL/Turso database (libsql://…) and DATABASE_AUTH_TOKEN (docs/vercel.md).`,
    );
  }
}

/** @param {string} url */
function ensureDirectoryFor(url) {
  const file = url.replace(/^file:(\/\/)?/, '');
  if (file === '' || file === ':memory:') return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
}

/**
 * Per-connection settings: SQLite keeps these per connection, not per file.
 * secure_delete zeroes what a DELETE or UPDATE frees, so a removed secret (an MCP header
 * value, a provider key) is not left readable in free space of the file (see
 * db/queries/freed-pages.ts for the write-ahead log). A remote libSQL server keeps its own
 * settings; there, stored secrets are only ever ciphertext (docs/keys-and-secrets.md).
 * synchronous = NORMAL: in WAL mode a commit no longer waits for an fsync (about 3 ms each
 * on a busy disk, several per step of a run, with the driver blocking the event loop); the
 * database stays consistent, and only a power loss or OS crash, not a crash of the process,
 * can undo the last commits (SQLite's recommended setting with WAL).
 */
const CONNECTION_PRAGMAS = [`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`, 'PRAGMA foreign_keys = ON', 'PRAGMA secure_delete = ON', 'PRAGMA synchronous = NORMAL'];
const RETRIED_METHODS = new Set(['execute', 'batch', 'executeMultiple', 'migrate']);

/** Calls that reached the local database, for figures (a transaction counts once, its statements not at all). */
export const databaseCalls = { statements: 0, transactions: 0 };

/**
 * Creates the libSQL client for a `file:`, `libsql://` or `https://` URL.
 *
 * A local file gets WAL (readers don't block the writer) and one writer: a single
 * connection, used by one call at a time, a transaction holding it until it commits or
 * rolls back. The driver is synchronous, so more connections would add no parallelism;
 * one connection makes its pragmas hold for every call. Every call retries a locked
 * database on timers (withBusyRetry), and after a busy failure the connection is
 * replaced: the local driver otherwise keeps the failed statement's implicit transaction
 * open, and every later write of this process would sit in it, uncommitted and invisible
 * to other processes, while the request that made it answered 201.
 * @param {string} [url]
 * @param {string} [authToken]
 * @returns {Promise<import('@libsql/client').Client>}
 */
export async function openClient(url = databaseUrl(), authToken = process.env.DATABASE_AUTH_TOKEN) {
  assertDatabaseFitsHost(url);
  const local = url.startsWith('file:');
  if (local) ensureDirectoryFor(url);
  const client = createClient(local ? { url, concurrency: 1 } : { url, authToken: authToken || undefined });
  if (!local) {
    await client.execute('PRAGMA foreign_keys = ON');
    return client;
  }
  return oneWriter(client);
}

/**
 * @param {import('@libsql/client').Client} client a local client with one connection
 * @returns {Promise<import('@libsql/client').Client>}
 */
async function oneWriter(client) {
  let tail = Promise.resolve();
  /** Waits for the connection; answers the function that hands it back. */
  const takeConnection = async () => {
    /** @type {() => void} */
    let giveBack = () => {};
    const previous = tail;
    tail = new Promise((resolve) => (giveBack = () => resolve(undefined)));
    await previous;
    return giveBack;
  };
  let pragmasApplied = false;
  const prepare = async () => {
    if (pragmasApplied) return;
    for (const pragma of CONNECTION_PRAGMAS) await client.execute(pragma);
    pragmasApplied = true;
  };
  /** After a failure the connection may be gone or stuck: a busy one is replaced, and the pragmas go on again. */
  const recover = async (/** @type {unknown} */ error) => {
    pragmasApplied = false;
    if (isBusyError(error)) await client.reconnect();
  };
  /** @param {(...args: any[]) => Promise<any>} method @param {unknown[]} args */
  const call = (method, args) =>
    withBusyRetry(async () => {
      const giveBack = await takeConnection();
      try {
        await prepare();
        databaseCalls.statements++;
        return await method.apply(client, args);
      } catch (error) {
        await recover(error);
        throw error;
      } finally {
        giveBack();
      }
    });
  /** A transaction keeps the connection until it commits, rolls back or closes. */
  const transaction = (/** @type {unknown[]} */ args) =>
    withBusyRetry(async () => {
      const giveBack = await takeConnection();
      let tx;
      try {
        await prepare();
        databaseCalls.transactions++;
        tx = await client.transaction(.../** @type {[any]} */ (args));
      } catch (error) {
        await recover(error);
        giveBack();
        throw error;
      }
      return holdUntilSettled(tx, giveBack);
    });

  await call(client.execute, ['PRAGMA journal_mode = WAL']);
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'transaction') return (/** @type {unknown[]} */ ...args) => transaction(args);
      if (typeof property === 'string' && RETRIED_METHODS.has(property)) return (/** @type {unknown[]} */ ...args) => call(value, args);
      // The client keeps its state in private fields: its other methods run on the client itself.
      return value.bind(target);
    },
  });
}

/**
 * @param {import('@libsql/client').Transaction} tx
 * @param {() => void} giveBack
 * @returns {import('@libsql/client').Transaction}
 */
function holdUntilSettled(tx, giveBack) {
  let settled = false;
  const settle = () => {
    if (!settled) {
      settled = true;
      giveBack();
    }
  };
  return new Proxy(tx, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'commit' || property === 'rollback' || property === 'close') {
        return (/** @type {unknown[]} */ ...args) => {
          try {
            const result = value.apply(target, args);
            if (result && typeof result.then === 'function') return result.finally(settle);
            settle();
            return result;
          } catch (error) {
            settle();
            throw error;
          }
        };
      }
      return value.bind(target);
    },
  });
}

/**
 * Applies the committed drizzle-kit migrations. Idempotent: drizzle records
 * what it applied in __drizzle_migrations.
 * @param {import('@libsql/client').Client} client
 * @param {string} [migrationsFolder]
 */
export async function applyMigrations(client, migrationsFolder = path.join(process.cwd(), 'db', 'migrations')) {
  await migrate(drizzle(client), { migrationsFolder });
}
