import 'server-only';
import { scrubSecrets } from '@/lib/log.mjs';

/** Environment variables whose names say they hold a credential. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)/i;
/** Shorter values are too likely to occur by chance (e.g. "1", "true"). */
const MIN_SECRET_CHARS = 8;
const REDACTED = '[REDACTED]';

/** The values of this server's credential variables (provider keys, the approval secret …), longest first. */
export function configuredSecretValues(env: Record<string, string | undefined> = process.env): string[] {
  const values = Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string' && value.length >= MIN_SECRET_CHARS)
    .map(([, value]) => value!);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** A string with key-shaped text (sk-…, Bearer …) and the given secret values replaced. */
export function scrubText(text: string, secrets: readonly string[]): string {
  let scrubbed = scrubSecrets(text);
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed;
}

/** A copy of a JSON value with `map` applied to every string value. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) => (typeof item === 'string' ? map(item) : item)) as T;
}

/** A copy of a JSON value with every string value scrubbed. */
export function scrubJson<T>(value: T, secrets: readonly string[]): T {
  return mapStrings(value, (text) => scrubText(text, secrets));
}
