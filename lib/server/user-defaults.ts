import 'server-only';
import type { z } from 'zod';
import { deleteUserDefaults, getUserDefaults, putUserDefaults } from '@/db/queries/user-defaults';
import type { SessionRow } from '@/db/schema';
import type { UserDefaults } from '@/lib/api-types';
import type { userDefaultsSchema } from '@/lib/api/session-request';
import type { PermissionMode } from '@/lib/permissions/policy';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { getAppDb } from './db';
import { modelListingFor, resolveModelFor } from './models';
import { currentOwnerId } from './owner';

/**
 * A user's defaults for new sessions (per owner; in accounts mode, per user):
 * the model, the permission mode and the setting overrides (system prompt,
 * sampling, loop limits …). Sessions that exist keep their own settings.
 */

const NONE: UserDefaults = { modelKey: null, permissionMode: null, settings: {} };

async function readDefaults(ownerId: string): Promise<UserDefaults> {
  const row = await getUserDefaults(await getAppDb(), ownerId);
  return row ? { modelKey: row.modelKey, permissionMode: row.permissionMode, settings: sessionLoopSettings(row.settings) } : NONE;
}

/** GET /api/defaults. */
export async function getUserDefaultsFor(request: Request): Promise<UserDefaults> {
  return readDefaults(await currentOwnerId(request));
}

/** PUT /api/defaults: replaces them whole; a model that is not listed is refused before anything is saved. */
export async function saveUserDefaultsFor(request: Request, defaults: z.infer<typeof userDefaultsSchema>): Promise<UserDefaults> {
  const ownerId = await currentOwnerId(request);
  if (defaults.modelKey) await resolveModelFor(ownerId, defaults.modelKey);
  const row = await putUserDefaults(await getAppDb(), ownerId, defaults);
  return { modelKey: row.modelKey, permissionMode: row.permissionMode, settings: sessionLoopSettings(row.settings) };
}

/** DELETE /api/defaults: new sessions start from the app's defaults again. */
export async function clearUserDefaultsFor(request: Request): Promise<void> {
  await deleteUserDefaults(await getAppDb(), await currentOwnerId(request));
}

/**
 * What a new session starts from: the model asked for, else the user's default model while it is still
 * listed, else the instance's default; the user's permission mode and setting overrides.
 */
export async function newSessionDefaults(ownerId: string, modelKey: string | undefined): Promise<{ modelKey: string; permissionMode?: PermissionMode; settings: SessionRow['settings'] }> {
  const [defaults, listing] = await Promise.all([readDefaults(ownerId), modelKey ? undefined : modelListingFor(ownerId)]);
  const preferred = defaults.modelKey && listing?.models.some((m) => m.key === defaults.modelKey) ? defaults.modelKey : undefined;
  return {
    modelKey: modelKey ?? preferred ?? listing!.defaultKey,
    ...(defaults.permissionMode ? { permissionMode: defaults.permissionMode } : {}),
    settings: defaults.settings,
  };
}
