// @ts-check
/**
 * Where the server listens. Local-only by default. An address other machines can reach
 * is allowed when accounts are on (AUTH_SECRET, lib/security/accounts-mode.mjs): every
 * request then needs a signed-in user. Without accounts, anyone who can connect could
 * read every session, file and key-spending run, so binding such an address takes an
 * explicit PLAYGROUND_ALLOW_OPEN=1 and is announced at every start.
 */
import { accountsMode } from './accounts-mode.mjs';

const OPEN_FLAG = 'PLAYGROUND_ALLOW_OPEN';
const DEFAULT_BIND_HOST = '127.0.0.1';

/** @param {string} host */
function isLoopbackBind(host) {
  const value = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return value === 'localhost' || value === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(value);
}

/** @param {string | undefined} value */
function isOn(value) {
  const normalized = value?.trim().toLowerCase();
  return normalized === '1' || normalized === 'true' || normalized === 'yes';
}

/**
 * @typedef {{ ok: true, host: string, port: number, open: boolean, accounts: boolean, warning?: string }} BindAllowed
 * @typedef {{ ok: false, message: string }} BindRefused
 */

/**
 * @param {Record<string, string | undefined>} [env]
 * @returns {BindAllowed | BindRefused}
 */
export function resolveBind(env = process.env) {
  // HOSTNAME as Next's own server reads it; HOST is the name earlier versions documented.
  const host = env.HOSTNAME?.trim() || env.HOST?.trim() || DEFAULT_BIND_HOST;
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { ok: false, message: `PORT must be a port number (0–65535), not "${portText}".` };
  // A secret that is set but unusable is a mistake, wherever the server listens: starting without
  // accounts would silently serve everyone as the local admin.
  const accounts = accountsMode(env);
  if ('error' in accounts) return { ok: false, message: `Refusing to start: ${accounts.error}` };
  if (isLoopbackBind(host)) return { ok: true, host, port, open: false, accounts: accounts.on };
  if (accounts.on) return { ok: true, host, port, open: true, accounts: true };
  if (!isOn(env[OPEN_FLAG])) {
    return {
      ok: false,
      message:
        `Refusing to listen on ${host}: other machines could reach it, and accounts are off (AUTH_SECRET is not set), so anyone who can connect could read every session and run tools with your keys.\n` +
        `Turn accounts on with AUTH_SECRET (at least 32 characters, e.g. \`openssl rand -base64 32\`), or listen on this machine only (unset HOSTNAME, or HOSTNAME=127.0.0.1), ` +
        `or, if you accept that risk on a network you trust, start with ${OPEN_FLAG}=1.`,
    };
  }
  return {
    ok: true,
    host,
    port,
    open: true,
    accounts: false,
    warning:
      `WARNING: listening on ${host} with ${OPEN_FLAG}=1 and no accounts (AUTH_SECRET is not set): anyone who can reach this address can read every session and run tools with your API keys. ` +
      'Their browsers must also use a host name listed in ALLOWED_HOSTS or PUBLIC_URL.',
  };
}
