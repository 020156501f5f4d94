// Structured logs (pino): JSON lines in production, pretty in development.
// Plain JavaScript so the custom server (scripts/server.mjs) and the app's
// server code share one logger setup; see lib/log.d.mts for its types.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { format } from 'node:util';
import pino from 'pino';

const REDACTED = '[REDACTED]';

/** Set by the custom server on every request (any client copy is replaced): the id on each of its log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Field paths whose values are credentials, wherever they appear in a logged object. */
const SECRET_PATHS = [
  'authorization',
  'cookie',
  'apiKey',
  'api_key',
  'password',
  'secret',
  'token',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  'headers["proxy-authorization"]',
  '*.authorization',
  '*.cookie',
  '*.apiKey',
  '*.api_key',
  '*.password',
  '*.secret',
  '*.token',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  'env',
  '*.env',
];

/** Keys and bearer tokens inside free text (a provider's error message can quote one). */
// Also right after a URL escape (`key%3Dsk-…`, `Bearer%20…`): keys travel inside encoded URLs and form bodies too.
const SECRET_IN_TEXT = /(?:\b|(?<=%[0-9A-Fa-f]{2}))(sk-[A-Za-z0-9_-]{8,}|Bearer(?:\s+|%20)[A-Za-z0-9._~+/-]{8,}=*)/g;

/** @param {string} text */
export function scrubSecrets(text) {
  let scrubbed = text.replace(SECRET_IN_TEXT, REDACTED);
  for (const secret of scrubbedValues()) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed;
}

const globalForScrub = /** @type {{ __agentPlaygroundScrubbed?: Set<string> }} */ (globalThis);
const scrubbedValues = () => (globalForScrub.__agentPlaygroundScrubbed ??= new Set());

/**
 * Secret values known at runtime (provider keys and MCP header values from the database,
 * added by lib/server/secret-box.ts as it handles them): replaced wherever scrubSecrets runs.
 * @param {readonly string[]} values
 */
export function addScrubbedSecrets(values) {
  for (const value of values) if (value) scrubbedValues().add(value);
}

/** Credential-named variables (OPENAI_API_KEY, AUTH_SECRET, DATABASE_AUTH_TOKEN …), the same rule exports and shares scrub by. */
const CREDENTIAL_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)/i;
const MIN_CREDENTIAL_CHARS = 8;

/**
 * The values of this server's credential variables, longest first (shorter ones than
 * MIN_CREDENTIAL_CHARS are too likely to occur by chance, e.g. "1", "true").
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function credentialEnvValues(env = process.env) {
  const values = Object.entries(env)
    .filter(([name, value]) => CREDENTIAL_NAME.test(name) && typeof value === 'string' && value.length >= MIN_CREDENTIAL_CHARS)
    .map(([, value]) => /** @type {string} */ (value));
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** This server's own credentials from its environment are never logged, whatever shape they have. */
addScrubbedSecrets(credentialEnvValues());

const globalForLog = /** @type {{ __agentPlaygroundLog?: import('pino').Logger, __agentPlaygroundLogContext?: AsyncLocalStorage<Record<string, string | undefined>> }} */ (globalThis);

/**
 * The request, session and run a line belongs to, carried through async calls. On
 * globalThis like the logger: each Next route bundle may load its own copy of this module.
 */
const context = (globalForLog.__agentPlaygroundLogContext ??= new AsyncLocalStorage());

/**
 * Runs `fn` with these fields on every log line it (and what it awaits) writes.
 * @template T
 * @param {Record<string, string | undefined>} fields
 * @param {() => T} fn
 * @returns {T}
 */
export function withLogContext(fields, fn) {
  return context.run({ ...(context.getStore() ?? {}), ...fields }, fn);
}

function destination() {
  if (process.env.NODE_ENV === 'production' || process.env.LOG_FORMAT === 'json') return undefined;
  // Synchronous pretty printing: a transport would start a worker thread, which Next's bundler cannot follow.
  const pretty = createRequire(import.meta.url)('pino-pretty');
  return pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' });
}

function defaultLevel() {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // Unit and integration tests exercise failure paths on purpose: only errors are shown.
  return process.env.VITEST ? 'error' : 'info';
}

/**
 * A logger with the app's redaction and context; `stream` replaces the output (tests).
 * @param {import('pino').DestinationStream} [stream]
 * @returns {import('pino').Logger}
 */
export function createLogger(stream = destination()) {
  return pino(
    {
      level: defaultLevel(),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: SECRET_PATHS, censor: REDACTED },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      mixin: () => context.getStore() ?? {},
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)),
          );
        },
      },
      formatters: {
        // "level":"warn", not 40: JSON lines read (and grep) by name.
        level: (label) => ({ level: label }),
        log(fields) {
          // Every string a line carries, not only its message: a field quoting a key is scrubbed too.
          const object = /** @type {Record<string, any>} */ (scrubStrings(fields, 0));
          const err = object.err ?? object.error;
          if (err && typeof err === 'object' && typeof err.message === 'string') {
            // Same prototype, so the serializer still reports the error's class (`type`), not "Object".
            const scrubbed = Object.assign(Object.create(Object.getPrototypeOf(err)), err, {
              message: scrubSecrets(err.message),
              ...(typeof err.stack === 'string' ? { stack: scrubSecrets(err.stack) } : {}),
            });
            return { ...object, ...(object.err ? { err: scrubbed } : { error: scrubbed }) };
          }
          return object;
        },
      },
    },
    stream,
  );
}

/**
 * Plain objects and arrays with every string scrubbed (errors are left to the serializer above).
 * @param {unknown} value
 * @param {number} depth
 * @returns {unknown}
 */
function scrubStrings(value, depth) {
  if (typeof value === 'string') return scrubSecrets(value);
  if (depth > 8 || !value || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubStrings(item, depth + 1)]));
}

/** The process's logger; `logger.child({ runId, sessionId })` for a run's lines. */
export const logger = (globalForLog.__agentPlaygroundLog ??= createLogger());

/**
 * Sends what libraries write with console.* (Next's own request errors, its notices)
 * through the logger, so production output is JSON lines only, scrubbed like the rest.
 * Answers a function that puts the console back.
 * @param {import('pino').Logger} [target]
 * @returns {() => void}
 */
export function routeConsoleToLogger(target = logger) {
  /** @type {Array<['log' | 'info' | 'warn' | 'error', 'info' | 'warn' | 'error']>} */
  const methods = [
    ['log', 'info'],
    ['info', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
  ];
  const originals = methods.map(([method]) => console[method]);
  for (const [method, level] of methods) {
    console[method] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      const text = rest.length ? format(...rest) : err?.message ?? '';
      target[level](err ? { err, source: 'console' } : { source: 'console' }, text);
    };
  }
  return () => methods.forEach(([method], index) => (console[method] = originals[index]));
}
