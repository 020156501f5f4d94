import 'server-only';
import type { Db } from '@/db/client';
import { checkpointFreedSecrets, compactLocalDatabase } from '@/db/queries/freed-pages';
import { readInstanceSettingRows, writeInstanceSetting } from '@/db/queries/instance-settings';
import { listAllMcpServerHeaders, replaceMcpServerHeaders } from '@/db/queries/mcp-servers';
import { listAllProviderKeys, replaceProviderKeySecret } from '@/db/queries/provider-keys';
import { logger } from '@/lib/log.mjs';
import { openStoredHeaderValue } from './mcp-header-secrets';
import { canStoreSecrets, needsReseal, openSecret, SecretDecryptError, sealSecret } from './secret-box';

/**
 * The startup upgrade of secrets at rest, run once per process before the app
 * serves (lib/server/db.ts) and safe to run again: MCP header values stored in
 * plaintext before encryption existed are sealed, and values sealed with an older
 * key (the local key file, after AUTH_SECRET was set) are sealed again with the
 * current one. Each row is rewritten in place: nothing else changes, nothing is lost.
 *
 * Once per database (a marker in instance_settings), a local file is also
 * VACUUMed: `secure_delete` only zeroes what is freed from now on, and values of
 * servers deleted before it (the old plaintext included) could still sit in free
 * space of the file.
 */

/** instance_settings key of the once-per-database marker. */
const COMPACTED_MARKER = 'secretsAtRest';
const COMPACTED_VERSION = 1;

export interface SecretsUpgradeReport {
  headersSealed: number;
  keysResealed: number;
  unreadable: number;
  compacted: boolean;
}

export async function upgradeStoredSecrets(db: Db): Promise<SecretsUpgradeReport> {
  const report: SecretsUpgradeReport = { headersSealed: 0, keysResealed: 0, unreadable: 0, compacted: false };
  if (!canStoreSecrets()) {
    const plaintext = (await listAllMcpServerHeaders(db)).some((row) => Object.values(row.headers ?? {}).length > 0);
    if (plaintext) logger.warn('MCP header values stay unencrypted: the database is remote and AUTH_SECRET is not set. Set AUTH_SECRET to encrypt them.');
    return report;
  }
  await sealMcpHeaders(db, report);
  await resealProviderKeys(db, report);
  if (report.headersSealed + report.keysResealed > 0) await checkpointFreedSecrets(db);
  if (!(await markerPresent(db))) {
    const started = Date.now();
    report.compacted = await compactLocalDatabase(db);
    await writeInstanceSetting(db, COMPACTED_MARKER, { version: COMPACTED_VERSION, at: Date.now() }, 'server');
    if (report.compacted) logger.info({ ms: Date.now() - started }, 'database compacted once, so that secrets deleted before encryption are gone from the file');
  }
  if (report.headersSealed || report.keysResealed) logger.info({ ...report }, 'stored secrets encrypted with the current key');
  if (report.unreadable) logger.error({ unreadable: report.unreadable }, 'stored secrets that no key of this server decrypts: AUTH_SECRET changed since they were saved');
  return report;
}

async function sealMcpHeaders(db: Db, report: SecretsUpgradeReport): Promise<void> {
  for (const row of await listAllMcpServerHeaders(db)) {
    const entries = Object.entries(row.headers ?? {});
    if (!entries.some(([, value]) => needsResealSafely(value, report))) continue;
    try {
      const headers = Object.fromEntries(entries.map(([name, value]) => [name, sealSecret(openStoredHeaderValue(value))]));
      await replaceMcpServerHeaders(db, row.id, headers);
      report.headersSealed += entries.length;
    } catch (error) {
      if (!(error instanceof SecretDecryptError)) throw error;
      report.unreadable++;
    }
  }
}

async function resealProviderKeys(db: Db, report: SecretsUpgradeReport): Promise<void> {
  for (const row of await listAllProviderKeys(db)) {
    if (!needsResealSafely(row.secret, report)) continue;
    try {
      await replaceProviderKeySecret(db, row.id, sealSecret(openSecret(row.secret)));
      report.keysResealed++;
    } catch (error) {
      if (!(error instanceof SecretDecryptError)) throw error;
      report.unreadable++;
    }
  }
}

/** A malformed sealed value cannot be repaired here: it is counted and left as it is. */
function needsResealSafely(value: string, report: SecretsUpgradeReport): boolean {
  try {
    return needsReseal(value);
  } catch (error) {
    if (!(error instanceof SecretDecryptError)) throw error;
    report.unreadable++;
    return false;
  }
}

async function markerPresent(db: Db): Promise<boolean> {
  return (await readInstanceSettingRows(db)).some((row) => row.key === COMPACTED_MARKER);
}
