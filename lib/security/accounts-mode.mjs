// @ts-check
/**
 * Whether this server has accounts. They are on when AUTH_SECRET is set (at least
 * 32 characters): sign-in, per-user isolation, an admin. Without it the playground is
 * single-user and local-only, as before accounts existed. Plain JavaScript: the bind
 * check in scripts/ reads it before Next loads.
 */

const AUTH_SECRET_MIN_CHARS = 32;

/**
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ on: false } | { on: true, secret: string } | { on: false, error: string }}
 */
export function accountsMode(env = process.env) {
  const secret = env.AUTH_SECRET?.trim();
  if (!secret) return { on: false };
  if (secret.length < AUTH_SECRET_MIN_CHARS) {
    return { on: false, error: `AUTH_SECRET must be at least ${AUTH_SECRET_MIN_CHARS} characters (try: openssl rand -base64 32).` };
  }
  return { on: true, secret };
}

/** @param {Record<string, string | undefined>} [env] */
export function accountsEnabled(env = process.env) {
  return accountsMode(env).on;
}
