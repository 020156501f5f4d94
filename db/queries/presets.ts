import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { systemPromptPresets, type SystemPromptPresetRow } from '../schema';

/** The owner's saved system prompts, by name. */
export async function listPresets(db: Db, ownerId: string): Promise<SystemPromptPresetRow[]> {
  return db.select().from(systemPromptPresets).where(eq(systemPromptPresets.ownerId, ownerId)).orderBy(asc(systemPromptPresets.name));
}

/** Saves a preset; one with the same name is replaced (its id kept). */
export async function savePreset(db: Db, input: { id: string; ownerId: string; name: string; prompt: string }): Promise<SystemPromptPresetRow> {
  const now = Date.now();
  const [row] = await db
    .insert(systemPromptPresets)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [systemPromptPresets.ownerId, systemPromptPresets.name], set: { prompt: input.prompt, updatedAt: now } })
    .returning();
  return row;
}

/** False when the owner has no such preset. */
export async function deletePreset(db: Db, ownerId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(systemPromptPresets)
    .where(and(eq(systemPromptPresets.ownerId, ownerId), eq(systemPromptPresets.id, id)))
    .returning({ id: systemPromptPresets.id });
  return deleted.length > 0;
}
