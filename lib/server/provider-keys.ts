import 'server-only';
import { createIdGenerator } from 'ai';
import { deleteProviderKey, listAllProviderKeys, listProviderKeys, upsertProviderKey } from '@/db/queries/provider-keys';
import type { Db } from '@/db/client';
import type { ProviderKeyRow } from '@/db/schema';
import { providerIdSchema, type ProviderKeyScope, type ProviderKeySource, type ProviderKeyView } from '@/lib/api/provider-keys';
import { logger } from '@/lib/log.mjs';
import { envProviderKey, KEYED_PROVIDERS, providerKeyUsable, readProviderEnv, withProviderKeys, type KeyedProvider, type ProviderEnv, type ProviderKeys } from '@/lib/models/env';
import { getAppDb } from './db';
import { ApiError } from './http';
import { readInstanceSettings } from './instance-settings';
import { currentViewer, findViewer, requireAdmin, type Viewer } from './owner';
import { openSecret, SecretDecryptError, sealSecret } from './secret-box';

/**
 * Provider keys added in the UI, encrypted at rest (secret-box). An admin sets
 * server-wide keys (ownerId '*'); a user may set their own when the admin allows
 * it (instance setting `allowUserKeys`). The key a viewer's runs use:
 *
 *   the viewer's own key (while allowed) > the admin's key > the environment variable.
 *
 * Keys go into the model registry through the ProviderEnv built here per owner
 * (lib/server/models.ts); the browser only ever gets a masked hint.
 */

const SERVER_WIDE_OWNER = '*';
const HINT_CHARS = 4;
const MASK = '••••';
const generateKeyId = createIdGenerator({ prefix: 'pk', size: 16 });

interface KeySet {
  env: ProviderEnv;
  own: ProviderKeyRow[];
  server: ProviderKeyRow[];
  allowUserKeys: boolean;
}

/** The provider env of one owner's runs and model list: their keys over the admin's over the environment's. */
export async function providerEnvFor(ownerId: string): Promise<ProviderEnv> {
  const keys = await keySetFor(ownerId);
  const chosen: ProviderKeys = {};
  for (const provider of keyedProviders()) {
    const row = activeRow(keys, provider);
    const key = row && readKey(row);
    if (key) chosen[provider] = key;
  }
  return withProviderKeys(keys.env, chosen);
}

/** What the Provider keys page offers this viewer: the server-wide keys (admins), and their own (accounts on, while allowed). */
export async function providerKeysPageFor(requestHeaders: Headers): Promise<{ serverKeys: boolean; ownKeys: boolean }> {
  const viewer = await findViewer(requestHeaders);
  if (!viewer) return { serverKeys: false, ownKeys: false };
  const { allowUserKeys } = await readInstanceSettings();
  return { serverKeys: viewer.role === 'admin', ownKeys: !viewer.local && allowUserKeys };
}

/** Whose keys a request may manage, checked before anything of the request is read. */
export interface KeyScopeOwner {
  scope: ProviderKeyScope;
  viewer: Viewer;
  /** '*' for the server-wide keys, else the viewer's id. */
  ownerId: string;
}

/** Admins manage the server-wide keys (403 for anyone else); anyone signed in their own, while the admin allows it (403 otherwise). */
export async function authorizeProviderKeys(request: Request, scope: ProviderKeyScope, { removing = false }: { removing?: boolean } = {}): Promise<KeyScopeOwner> {
  if (scope === 'server') return { scope, viewer: await requireAdmin(request), ownerId: SERVER_WIDE_OWNER };
  const viewer = await currentViewer(request);
  // Taking one's own key back needs no permission: a user whose keys were switched off may still remove theirs.
  if (!removing && !(await readInstanceSettings()).allowUserKeys) {
    throw new ApiError('forbidden', 'Your administrator has not allowed users to add their own provider keys.');
  }
  return { scope, viewer, ownerId: viewer.id };
}

/** The providers and this scope's keys, masked. */
export async function listProviderKeyViews({ scope, viewer }: KeyScopeOwner): Promise<ProviderKeyView[]> {
  const keys = await keySetFor(viewer.id);
  return keyedProviders().map((provider) => toView(keys, scope, provider));
}

/** Sets this scope's key for the provider a route's path names (404 for any other). */
export async function setProviderKey({ scope, viewer, ownerId }: KeyScopeOwner, providerParam: string, key: string): Promise<ProviderKeyView> {
  const provider = providerFromPath(providerParam);
  await upsertProviderKey(await getAppDb(), {
    id: generateKeyId(),
    ownerId,
    provider,
    secret: sealSecret(key),
    hint: key.slice(-HINT_CHARS),
    createdBy: viewer.id,
  });
  logger.info({ provider, scope, by: viewer.id }, 'provider key set');
  return toView(await keySetFor(viewer.id), scope, provider);
}

export async function removeProviderKey({ scope, viewer, ownerId }: KeyScopeOwner, providerParam: string): Promise<void> {
  const provider = providerFromPath(providerParam);
  if (!(await deleteProviderKey(await getAppDb(), ownerId, provider))) throw new ApiError('not_found', 'No key is stored for this provider.');
  logger.info({ provider, scope, by: viewer.id }, 'provider key removed');
}

/** The provider a route's path names; 404 for any other. */
function providerFromPath(value: string): KeyedProvider {
  const parsed = providerIdSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('not_found', `No provider "${value}" takes a key here.`);
  return parsed.data;
}

/** Every stored key that opens, any owner: the scrubber removes them from exports, shares and logs. */
export async function storedProviderKeyValues(db: Db): Promise<string[]> {
  const rows = await listAllProviderKeys(db);
  return rows.map(readKey).filter((key): key is string => key !== null);
}

async function keySetFor(ownerId: string): Promise<KeySet> {
  const db = await getAppDb();
  const [rows, settings] = await Promise.all([listProviderKeys(db, [SERVER_WIDE_OWNER, ownerId]), readInstanceSettings()]);
  return {
    env: readProviderEnv(),
    own: ownerId === SERVER_WIDE_OWNER ? [] : rows.filter((row) => row.ownerId === ownerId),
    server: rows.filter((row) => row.ownerId === SERVER_WIDE_OWNER),
    allowUserKeys: settings.allowUserKeys,
  };
}

function keyedProviders(): KeyedProvider[] {
  return Object.keys(KEYED_PROVIDERS) as KeyedProvider[];
}

const rowFor = (rows: ProviderKeyRow[], provider: KeyedProvider) => rows.find((row) => row.provider === provider);

/** The stored key the precedence picks (own, then server-wide), or undefined when the environment's applies. */
function activeRow(keys: KeySet, provider: KeyedProvider): ProviderKeyRow | undefined {
  const own = keys.allowUserKeys ? rowFor(keys.own, provider) : undefined;
  const candidates = [own, rowFor(keys.server, provider)];
  return candidates.find((row) => row !== undefined && readKey(row) !== null);
}

function activeSource(keys: KeySet, provider: KeyedProvider): ProviderKeySource | null {
  const row = activeRow(keys, provider);
  if (row) return row.ownerId === SERVER_WIDE_OWNER ? 'server' : 'own';
  return envProviderKey(keys.env, provider) ? 'env' : null;
}

function toView(keys: KeySet, scope: ProviderKeyScope, provider: KeyedProvider): ProviderKeyView {
  const row = rowFor(scope === 'server' ? keys.server : keys.own, provider);
  return {
    provider,
    label: provider === 'compat' ? keys.env.compatName : KEYED_PROVIDERS[provider].label,
    envVar: KEYED_PROVIDERS[provider].envVar,
    envKey: Boolean(envProviderKey(keys.env, provider)),
    usable: providerKeyUsable(keys.env, provider),
    key: row ? { masked: `${MASK}${row.hint}`, updatedAt: row.updatedAt, unreadable: readKey(row) === null } : null,
    activeSource: activeSource(keys, provider),
  };
}

const reportedUnreadable = new Set<string>();

/** The key, or null when it no longer decrypts (reported once per stored value: the precedence then falls through). */
function readKey(row: ProviderKeyRow): string | null {
  try {
    return openSecret(row.secret);
  } catch (error) {
    if (!(error instanceof SecretDecryptError)) throw error;
    const id = `${row.id}:${row.updatedAt}`;
    if (!reportedUnreadable.has(id)) {
      reportedUnreadable.add(id);
      logger.error({ provider: row.provider, ownerId: row.ownerId }, `stored provider key unusable: ${error.message}`);
    }
    return null;
  }
}
