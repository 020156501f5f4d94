// @ts-check
/**
 * Where the server listens. Local-only by default: there are no accounts yet, so an
 * address other machines can reach hands them every session, file and key-spending
 * run. Binding one takes an explicit PLAYGROUND_ALLOW_OPEN=1, and is announced at
 * every start.
 */

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
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ ok: true, host: string, port: number, open: boolean, warning?: string } | { ok: false, message: string }}
 */
export function resolveBind(env = process.env) {
  // HOSTNAME as Next's own server reads it; HOST is the name earlier versions documented.
  const host = env.HOSTNAME?.trim() || env.HOST?.trim() || DEFAULT_BIND_HOST;
  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { ok: false, message: `PORT must be a port number (0–65535), not "${portText}".` };
  if (isLoopbackBind(host)) return { ok: true, host, port, open: false };
  if (!isOn(env[OPEN_FLAG])) {
    return {
      ok: false,
      message:
        `Refusing to listen on ${host}: other machines could reach it, and Agent Playground has no accounts yet, so anyone who can connect could read every session and run tools with your keys.\n` +
        `Listen on this machine only (unset HOSTNAME, or HOSTNAME=127.0.0.1), or, if you accept that risk on a network you trust, start with ${OPEN_FLAG}=1.`,
    };
  }
  return {
    ok: true,
    host,
    port,
    open: true,
    warning:
      `WARNING: listening on ${host} with ${OPEN_FLAG}=1. There are no accounts: anyone who can reach this address can read every session and run tools with your API keys. ` +
      'Their browsers must also use a host name listed in ALLOWED_HOSTS or PUBLIC_URL.',
  };
}
