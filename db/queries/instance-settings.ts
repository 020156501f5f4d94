import type { Db } from '../client';
import { instanceSettings } from '../schema';

export async function readInstanceSettingRows(db: Db): Promise<Array<{ key: string; value: unknown }>> {
  return db.select({ key: instanceSettings.key, value: instanceSettings.value }).from(instanceSettings);
}

export async function writeInstanceSetting(db: Db, key: string, value: unknown, updatedBy: string): Promise<void> {
  const updatedAt = Date.now();
  await db
    .insert(instanceSettings)
    .values({ key, value, updatedAt, updatedBy })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt, updatedBy } });
}
