import type { SystemPromptPreset, UserDefaults } from '@/lib/api-types';
import type { LoopSettingsOverrides } from '@/lib/settings/loop-settings';
import { request } from './api';

/** Fetchers for the user's defaults for new sessions and saved system prompts (the settings sheet). */

export async function saveUserDefaults(defaults: Omit<UserDefaults, 'settings'> & { settings: LoopSettingsOverrides }): Promise<UserDefaults> {
  return (await request<{ defaults: UserDefaults }>('/api/defaults', { method: 'PUT', json: defaults })).defaults;
}

export async function fetchPresets(): Promise<SystemPromptPreset[]> {
  return (await request<{ presets: SystemPromptPreset[] }>('/api/presets')).presets;
}

export async function savePreset(preset: { name: string; prompt: string }): Promise<SystemPromptPreset> {
  return (await request<{ preset: SystemPromptPreset }>('/api/presets', { method: 'POST', json: preset })).preset;
}

export async function deletePreset(id: string): Promise<void> {
  await request<{ ok: true }>(`/api/presets/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
