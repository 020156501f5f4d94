import 'server-only';
import type { Db } from '@/db/client';
import { listMcpServers } from '@/db/queries/mcp-servers';
import { credentialEnvValues, scrubSecrets } from '@/lib/log.mjs';
import { openStoredHeaderValue } from './mcp-header-secrets';
import { storedOAuthSecretValues } from './mcp-oauth';
import { storedProviderKeyValues } from './provider-keys';
import { SecretDecryptError } from './secret-box';

/** Shorter stored keys are too likely to occur by chance; the env rule is lib/log.mjs's credentialEnvValues. */
const MIN_SECRET_CHARS = 8;
const REDACTED = '[REDACTED]';

/** MCP header values this short are kept as they are (they would match ordinary text); longer ones are removed. */
const MIN_HEADER_VALUE_CHARS = 4;

/**
 * Everything exports and shares must never contain: this server's credential variables,
 * every provider key stored in the database (any owner's: a user could paste the admin's
 * key into a chat), and the owner's MCP header values and OAuth tokens, decrypted. Longest first.
 */
export async function secretValuesToScrub(db: Db, ownerId: string): Promise<string[]> {
  const [providerKeys, servers, oauthSecrets] = await Promise.all([storedProviderKeyValues(db), listMcpServers(db, ownerId), storedOAuthSecretValues(db, ownerId)]);
  const headerValues = servers.flatMap((server) => Object.values(server.headers ?? {}).flatMap(openedOrNothing));
  const values = [...credentialEnvValues(), ...providerKeys.filter((key) => key.length >= MIN_SECRET_CHARS), ...headerValues.filter((value) => value.length >= MIN_HEADER_VALUE_CHARS), ...oauthSecrets];
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** A stored header value as plaintext; one no key opens cannot have been used anywhere either. */
function openedOrNothing(value: string): string[] {
  try {
    return [openStoredHeaderValue(value)];
  } catch (error) {
    if (error instanceof SecretDecryptError) return [];
    throw error;
  }
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
