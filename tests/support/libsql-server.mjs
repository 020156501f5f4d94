// @ts-check
/**
 * A libSQL server for tests: Hrana over HTTP, the protocol `@libsql/client` speaks to sqld
 * and Turso for `http://`, `https://` and `libsql://` URLs, on top of one SQLite file.
 *
 * Why not the real one: sqld (libsql-server) is not packaged for npm or Debian, and the
 * tests may not download a release binary. The `turso` npm package's `--sync-server` does
 * answer /v2/pipeline, but it runs every client on one shared connection and reports 0
 * affected rows, so it cannot stand in for sqld (docs/deploy.md).
 *
 * What it implements is what @libsql/client 0.18 sends (node_modules/@libsql/hrana-client,
 * lib-esm/http): `GET /v2` (version probe), `POST /v2/pipeline` with JSON bodies, streams
 * identified by batons, and the stream requests `execute`, `batch` (with ok/error/not/and/or/
 * is_autocommit conditions), `sequence`, `store_sql`/`close_sql`, `get_autocommit` and
 * `close`. Each stream is its own SQLite connection, opened with the driver @libsql/client
 * itself uses for `file:` URLs, so transactions, locks and `changes()` behave as SQLite's,
 * not as a simulation of them. As in sqld:
 * - a stream that stays idle for STREAM_IDLE_MS is closed (an open transaction rolls back),
 *   and its baton then answers 400;
 * - a writer that finds the database locked waits for the lock without blocking anyone, and a
 *   write transaction older than TXN_TIMEOUT_MS (sqld's 5 s) loses its lock to the waiter: it
 *   is rolled back and its stream's next request fails;
 * - every stream starts with foreign keys on (libsql-server is built with them on by default;
 *   tursodatabase/libsql#981), and no other setting carries from one stream to the next;
 * - with `authToken`, requests need `Authorization: Bearer <token>`.
 * Not implemented (the client does not use them over HTTP v2): cursors, `describe`, v3/protobuf.
 *
 * `node tests/support/libsql-server.mjs --file data.db [--port 0] [--auth-token T]` runs it as
 * its own process and prints `libsql test server listening on http://127.0.0.1:PORT`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** sqld's TXN_TIMEOUT: how long a write transaction keeps the lock while another connection waits. */
export const TXN_TIMEOUT_MS = 5000;
/** An idle stream is closed after this long. */
const STREAM_IDLE_MS = 10_000;
/** Longest a statement waits for a locked database before it fails with SQLITE_BUSY. */
const LOCK_WAIT_MS = 10_000;

// The native driver @libsql/client opens `file:` URLs with, resolved from @libsql/client so
// that it is the very build the app uses.
const Database = createRequire(createRequire(import.meta.url).resolve('@libsql/client'))('libsql');

/**
 * @typedef {{ type: 'null' } | { type: 'integer', value: string } | { type: 'float', value: number } | { type: 'text', value: string } | { type: 'blob', base64: string }} HranaValue
 * @typedef {{ sql?: string, sql_id?: number, args?: HranaValue[], named_args?: { name: string, value: HranaValue }[], want_rows?: boolean }} HranaStmt
 * @typedef {{ type: 'ok' | 'error', step: number } | { type: 'not', cond: HranaCond } | { type: 'and' | 'or', conds: HranaCond[] } | { type: 'is_autocommit' }} HranaCond
 * @typedef {{ message: string, code?: string }} HranaError
 * @typedef {{ cols: { name: string | null, decltype: string | null }[], rows: HranaValue[][], affected_row_count: number, last_insert_rowid: string | null, replication_index: null, rows_read: number, rows_written: number, query_duration_ms: number }} StmtResult
 */

class StreamError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** @param {unknown} error @returns {HranaError} */
function toHranaError(error) {
  const { message, code } = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {});
  // The driver starts its messages with the code, which the client adds again.
  const text = typeof message === 'string' ? message.replace(/^SQLITE_[A-Z_]+: /, '') : String(error);
  return { message: text, ...(typeof code === 'string' ? { code } : {}) };
}

/** @param {unknown} error */
const isBusy = (error) => /^SQLITE_BUSY/.test(String(/** @type {{ code?: unknown }} */ (error)?.code ?? '')) || /database is locked/i.test(String(/** @type {{ message?: unknown }} */ (error)?.message ?? ''));

/** @param {HranaValue} value */
function fromHrana(value) {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(value.value);
    case 'float':
      return Number(value.value);
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
    default:
      throw new StreamError(`Unknown value type ${JSON.stringify(/** @type {{ type?: unknown }} */ (value).type)}`, 'PROTO_ERROR');
  }
}

/** @param {unknown} value @returns {HranaValue} */
function toHrana(value) {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: String(value) };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  throw new StreamError(`Cannot send a value of type ${typeof value}`, 'PROTO_ERROR');
}

/** One Hrana stream: one SQLite connection, its stored SQL texts, and its transaction's age. */
class Stream {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    this.db = this.connect();
    /** @type {Map<number, string>} */
    this.sqls = new Map();
    /** When this connection's current transaction began, if it is in one. */
    this.transactionSince = /** @type {number | undefined} */ (undefined);
    /** Set when a waiting writer took this stream's lock: its transaction was rolled back. */
    this.stolen = false;
    this.lastUsed = Date.now();
    this.closed = false;
  }

  connect() {
    const db = new Database(this.file);
    // Locks are waited for on timers below (as db/open.mjs does): the driver's own wait would block every stream.
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA foreign_keys = ON');
    return db;
  }

  /**
   * A statement that failed with SQLITE_BUSY outside a transaction leaves the driver's
   * connection inside an implicit one it never ends: later writes on it would never commit
   * (db/open.mjs replaces its connection for the same reason). Outside a transaction a
   * stream's connection holds nothing else, so a new one replaces it.
   */
  reconnect() {
    try {
      this.db.close();
    } catch {
      // replaced either way
    }
    this.db = this.connect();
  }

  get autocommit() {
    return !this.db.inTransaction;
  }

  noteTransaction() {
    if (this.db.inTransaction) this.transactionSince ??= Date.now();
    else this.transactionSince = undefined;
  }

  /** Ends the transaction a waiting writer took over, as sqld's lock stealing does. */
  steal() {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch {
      // the rollback itself failed: the connection is closed below anyway
    }
    this.stolen = true;
    this.transactionSince = undefined;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
    } catch {
      // nothing more to release
    }
  }
}

/**
 * @param {{ file: string, port?: number, host?: string, authToken?: string }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, streams: () => number }>}
 */
export async function startLibsqlServer({ file, port = 0, host = '127.0.0.1', authToken }) {
  // sqld runs its databases in WAL mode: readers never wait for the writer.
  const setup = new Database(file);
  setup.exec('PRAGMA journal_mode = WAL');
  setup.close();

  /** @type {Map<string, Stream>} */
  const streams = new Map();
  /** @type {Set<Stream>} */
  const open = new Set();

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [baton, stream] of streams) {
      if (now - stream.lastUsed > STREAM_IDLE_MS) {
        streams.delete(baton);
        open.delete(stream);
        stream.close();
      }
    }
  }, 1000);
  sweep.unref();

  /**
   * Runs one statement, waiting for a locked database on timers; after TXN_TIMEOUT_MS of a
   * transaction holding the lock, that transaction is rolled back and the lock taken.
   * @template T
   * @param {Stream} stream
   * @param {() => T} run
   * @returns {Promise<T>}
   */
  async function withLock(stream, run) {
    const deadline = Date.now() + LOCK_WAIT_MS;
    let delay = 2;
    for (;;) {
      const wasAutocommit = stream.autocommit;
      try {
        const result = run();
        stream.noteTransaction();
        return result;
      } catch (error) {
        if (wasAutocommit && isBusy(error)) stream.reconnect();
        stream.noteTransaction();
        if (!isBusy(error) || Date.now() > deadline) throw error;
        const holder = [...open].filter((other) => other !== stream && other.transactionSince !== undefined).sort((a, b) => Number(a.transactionSince) - Number(b.transactionSince))[0];
        if (holder && Date.now() - Number(holder.transactionSince) > TXN_TIMEOUT_MS) holder.steal();
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 25);
      }
    }
  }

  /** @param {Stream} stream @param {HranaStmt} stmt */
  function sqlOf(stream, stmt) {
    if (typeof stmt.sql === 'string') return stmt.sql;
    if (typeof stmt.sql_id === 'number' && stream.sqls.has(stmt.sql_id)) return /** @type {string} */ (stream.sqls.get(stmt.sql_id));
    throw new StreamError('The statement names no SQL text, or an SQL id this stream has not stored', 'PROTO_ERROR');
  }

  /** @param {HranaStmt} stmt */
  function argsOf(stmt) {
    if (stmt.named_args?.length) {
      /** @type {Record<string, unknown>} */
      const named = {};
      for (const { name, value } of stmt.named_args) named[/^[:@$]/.test(name) ? name.slice(1) : name] = fromHrana(value);
      return named;
    }
    return (stmt.args ?? []).map(fromHrana);
  }

  /**
   * @param {Stream} stream
   * @param {HranaStmt} stmt
   * @returns {Promise<StmtResult>}
   */
  function execute(stream, stmt) {
    const sql = sqlOf(stream, stmt);
    const args = argsOf(stmt);
    return withLock(stream, () => {
      const started = performance.now();
      const prepared = stream.db.prepare(sql);
      prepared.safeIntegers(true);
      let returnsRows = true;
      try {
        prepared.raw(true);
      } catch {
        returnsRows = false; // raw() refuses statements without result columns
      }
      if (!returnsRows) {
        const info = prepared.run(args);
        return result([], [], Number(info.changes), info.lastInsertRowid, started);
      }
      const before = stream.db.prepare('SELECT total_changes()').pluck().get();
      const rows = prepared.all(args);
      const counts = stream.db.prepare('SELECT total_changes(), changes(), last_insert_rowid()').raw(true).get();
      // `UPDATE … RETURNING` changed rows; a plain SELECT did not, whatever changes() still says.
      const changed = Number(counts[0]) !== Number(before);
      const cols = prepared.columns().map((/** @type {{ name: string, type: string | null }} */ col) => ({ name: col.name, decltype: col.type ?? null }));
      return result(cols, stmt.want_rows === false ? [] : rows.map((/** @type {unknown[]} */ row) => row.map(toHrana)), changed ? Number(counts[1]) : 0, changed ? counts[2] : undefined, started);
    });
  }

  /**
   * @param {StmtResult['cols']} cols
   * @param {HranaValue[][]} rows
   * @param {number} affected
   * @param {unknown} lastInsertRowid
   * @param {number} started
   * @returns {StmtResult}
   */
  function result(cols, rows, affected, lastInsertRowid, started) {
    return {
      cols,
      rows,
      affected_row_count: affected,
      last_insert_rowid: lastInsertRowid === undefined || lastInsertRowid === null ? null : String(lastInsertRowid),
      replication_index: null,
      rows_read: rows.length,
      rows_written: affected,
      query_duration_ms: performance.now() - started,
    };
  }

  /**
   * @param {Stream} stream
   * @param {HranaCond | undefined} cond
   * @param {(StmtResult | null)[]} results
   * @param {(HranaError | null)[]} errors
   * @returns {boolean}
   */
  function holds(stream, cond, results, errors) {
    if (!cond) return true;
    switch (cond.type) {
      case 'ok':
        return results[cond.step] != null;
      case 'error':
        return errors[cond.step] != null;
      case 'not':
        return !holds(stream, cond.cond, results, errors);
      case 'and':
        return cond.conds.every((inner) => holds(stream, inner, results, errors));
      case 'or':
        return cond.conds.some((inner) => holds(stream, inner, results, errors));
      case 'is_autocommit':
        return stream.autocommit;
      default:
        throw new StreamError('Unknown batch condition', 'PROTO_ERROR');
    }
  }

  /**
   * @param {Stream} stream
   * @param {{ type: string, stmt?: HranaStmt, batch?: { steps: { condition?: HranaCond, stmt: HranaStmt }[] }, sql?: string, sql_id?: number }} request
   */
  async function streamRequest(stream, request) {
    if (stream.stolen && request.type !== 'close') {
      throw new StreamError('The transaction held the database lock for too long and was rolled back', 'TRANSACTION_TIMEOUT');
    }
    switch (request.type) {
      case 'execute':
        return { type: 'execute', result: await execute(stream, /** @type {HranaStmt} */ (request.stmt)) };
      case 'batch': {
        /** @type {(StmtResult | null)[]} */
        const results = [];
        /** @type {(HranaError | null)[]} */
        const errors = [];
        for (const step of request.batch?.steps ?? []) {
          if (!holds(stream, step.condition, results, errors)) {
            results.push(null);
            errors.push(null);
            continue;
          }
          try {
            results.push(await execute(stream, step.stmt));
            errors.push(null);
          } catch (error) {
            results.push(null);
            errors.push(toHranaError(error));
          }
        }
        return { type: 'batch', result: { step_results: results, step_errors: errors, replication_index: null } };
      }
      case 'sequence': {
        const sql = sqlOf(stream, { sql: request.sql, sql_id: request.sql_id });
        await withLock(stream, () => stream.db.exec(sql));
        return { type: 'sequence' };
      }
      case 'store_sql':
        stream.sqls.set(/** @type {number} */ (request.sql_id), /** @type {string} */ (request.sql));
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(/** @type {number} */ (request.sql_id));
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: stream.autocommit };
      case 'close':
        stream.close();
        return { type: 'close' };
      default:
        throw new StreamError(`This test server does not implement the "${request.type}" request`, 'NOT_IMPLEMENTED');
    }
  }

  /** @param {{ baton?: string | null, requests?: unknown[] }} body */
  async function pipeline(body) {
    let stream;
    if (body.baton) {
      stream = streams.get(body.baton);
      if (!stream) return { status: 400, body: { message: 'The baton is unknown or its stream expired', code: 'STREAM_EXPIRED' } };
      streams.delete(body.baton);
    } else {
      stream = new Stream(file);
      open.add(stream);
    }
    stream.lastUsed = Date.now();
    const results = [];
    for (const request of body.requests ?? []) {
      if (stream.closed) {
        results.push({ type: 'error', error: { message: 'The stream is closed', code: 'STREAM_CLOSED' } });
        continue;
      }
      try {
        results.push({ type: 'ok', response: await streamRequest(stream, /** @type {any} */ (request)) });
      } catch (error) {
        results.push({ type: 'error', error: toHranaError(error) });
      }
    }
    let baton = null;
    if (stream.closed) open.delete(stream);
    else {
      baton = randomBytes(16).toString('hex');
      stream.lastUsed = Date.now();
      streams.set(baton, stream);
    }
    return { status: 200, body: { baton, base_url: null, results } };
  }

  /** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    if (authToken && req.headers.authorization !== `Bearer ${authToken}`) return send(res, 401, { message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (path === '/v2' || path === '/health')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end();
    }
    if (req.method !== 'POST' || path !== '/v2/pipeline') return send(res, 404, { message: `No ${req.method} ${path} here`, code: 'NOT_FOUND' });
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { message: 'The body is not JSON', code: 'PROTO_ERROR' });
      }
      pipeline(body).then(
        (answer) => send(res, answer.status, answer.body),
        (error) => send(res, 500, toHranaError(error)),
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    streams: () => open.size,
    close: async () => {
      clearInterval(sweep);
      for (const stream of open) stream.close();
      open.clear();
      streams.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = (/** @type {string} */ name) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? undefined : process.argv[index + 1];
  };
  const file = flag('--file');
  if (!file) {
    console.error('usage: node tests/support/libsql-server.mjs --file data.db [--port 0] [--auth-token T]');
    process.exit(2);
  }
  const server = await startLibsqlServer({ file, port: Number(flag('--port') ?? 0), authToken: flag('--auth-token') });
  console.log(`libsql test server listening on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
