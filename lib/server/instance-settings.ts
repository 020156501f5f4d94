import 'server-only';
import { z } from 'zod';
import { readInstanceSettingRows, writeInstanceSetting } from '@/db/queries/instance-settings';
import { getAppDb } from './db';

/**
 * Server-wide switches an admin sets on the admin page. Each has a schema and a
 * default; a stored value that no longer validates reads as the default.
 */
const INSTANCE_SETTINGS = {
  /** Anyone may create an account (otherwise only with an admin's invite link). */
  signupOpen: { schema: z.boolean(), default: false },
  /** Users may add their own provider keys for themselves. */
  allowUserKeys: { schema: z.boolean(), default: false },
} as const;

type InstanceSettingKey = keyof typeof INSTANCE_SETTINGS;
export type InstanceSettings = { [K in InstanceSettingKey]: z.output<(typeof INSTANCE_SETTINGS)[K]['schema']> };

export const instanceSettingsPatchSchema = z
  .object({ signupOpen: INSTANCE_SETTINGS.signupOpen.schema, allowUserKeys: INSTANCE_SETTINGS.allowUserKeys.schema })
  .partial()
  .strict();

export async function readInstanceSettings(): Promise<InstanceSettings> {
  const rows = await readInstanceSettingRows(await getAppDb());
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const read = <K extends InstanceSettingKey>(key: K): InstanceSettings[K] => {
    const parsed = INSTANCE_SETTINGS[key].schema.safeParse(stored.get(key));
    return parsed.success ? parsed.data : INSTANCE_SETTINGS[key].default;
  };
  return { signupOpen: read('signupOpen'), allowUserKeys: read('allowUserKeys') };
}

export async function updateInstanceSettings(patch: z.output<typeof instanceSettingsPatchSchema>, updatedBy: string): Promise<InstanceSettings> {
  const db = await getAppDb();
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) await writeInstanceSetting(db, key, value, updatedBy);
  return readInstanceSettings();
}
