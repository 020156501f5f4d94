import 'server-only';
import { createIdGenerator } from 'ai';
import { deletePreset, listPresets, savePreset } from '@/db/queries/presets';
import type { SystemPromptPreset } from '@/lib/api-types';
import type { SystemPromptPresetRow } from '@/db/schema';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';

/** Saved system prompts, per owner (the settings sheet's presets). */

/** A user keeps at most this many presets; past it, one must be deleted first. */
const MAX_PRESETS = 100;

const generatePresetId = createIdGenerator({ prefix: 'preset', size: 16 });

function toPreset(row: SystemPromptPresetRow): SystemPromptPreset {
  return { id: row.id, name: row.name, prompt: row.prompt, updatedAt: row.updatedAt };
}

export async function listPresetsFor(request: Request): Promise<SystemPromptPreset[]> {
  const ownerId = await currentOwnerId(request);
  return (await listPresets(await getAppDb(), ownerId)).map(toPreset);
}

/** Saves under the name; a preset of the same name is replaced. */
export async function savePresetFor(request: Request, input: { name: string; prompt: string }): Promise<SystemPromptPreset> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const existing = await listPresets(db, ownerId);
  if (!existing.some((p) => p.name === input.name) && existing.length >= MAX_PRESETS) {
    throw new ApiError('bad_request', `You have ${MAX_PRESETS} presets, the most there can be. Delete one first.`);
  }
  return toPreset(await savePreset(db, { id: generatePresetId(), ownerId, ...input }));
}

export async function deletePresetFor(request: Request, id: string): Promise<void> {
  const ownerId = await currentOwnerId(request);
  if (!(await deletePreset(await getAppDb(), ownerId, id))) throw new ApiError('not_found', 'Preset not found.');
}
