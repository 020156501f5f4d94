import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { SessionSettingsSheet } from '@/components/settings/session-settings-sheet';
import { fetchSession, updateSession } from '@/lib/client/api';
import { fetchPresets, saveUserDefaults } from '@/lib/client/settings-api';
import type { SessionDetail } from '@/lib/api-types';
import type { ModelInfo } from '@/lib/models/types';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';

vi.mock('@/lib/client/api', () => ({ fetchSession: vi.fn(), updateSession: vi.fn() }));
vi.mock('@/lib/client/settings-api', () => ({ fetchPresets: vi.fn(async () => []), savePreset: vi.fn(), deletePreset: vi.fn(), saveUserDefaults: vi.fn() }));

const models: ModelInfo[] = [
  { key: 'openai:cheap', provider: 'openai', providerLabel: 'OpenAI', modelId: 'cheap', label: 'Cheap model', api: 'responses', contextWindow: 8_192, capabilities: { images: false, reasoning: false, temperature: true, topP: true, reasoningEffort: false } },
];

function session(settings: Record<string, unknown>): SessionDetail {
  return { id: 's1', title: 'T', modelKey: 'openai:big', createdAt: 0, updatedAt: 0, running: false, permissionMode: 'ask', settings, messages: [], branches: {} };
}

beforeEach(() => {
  vi.mocked(fetchSession).mockReset();
  vi.mocked(updateSession).mockReset();
});

test('renders the table’s fields, and saves the edits as typed overrides', async () => {
  // A stored override, and a retired key that the sheet does not carry over.
  vi.mocked(fetchSession).mockResolvedValue(session({ maxIterations: 7, maxConsecutiveErrors: 3 }));
  vi.mocked(updateSession).mockResolvedValue(session({}));
  const onOpenChange = vi.fn();
  const user = userEvent.setup();
  render(<SessionSettingsSheet sessionId="s1" models={models} open onOpenChange={onOpenChange} />);

  const retries = await screen.findByTestId('setting-maxRetries');
  expect(screen.getByLabelText('Max retries')).toBe(retries);
  expect(retries).toHaveProperty('placeholder', '3');
  expect(screen.getByText('Retries per model call on 408/409/429/5xx, dropped or stalled streams and malformed events.')).toBeTruthy();
  expect(screen.getByTestId('setting-maxIterations')).toHaveProperty('value', '7');
  expect(screen.getByTestId('setting-maxWallClockMs').parentElement?.textContent).toContain('ms');

  await user.type(retries, '0');
  await user.selectOptions(screen.getByTestId('setting-summarizerModel'), 'openai:cheap');
  await user.click(screen.getByTestId('setting-requireDoneTool'));
  await user.click(screen.getByTestId('settings-save'));

  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  expect(updateSession).toHaveBeenCalledTimes(1);
  const [id, patch] = vi.mocked(updateSession).mock.calls[0];
  expect(id).toBe('s1');
  expect(patch).toEqual({ settings: { maxIterations: 7, maxRetries: 0, summarizerModel: 'openai:cheap', requireDoneTool: true } });
  expect(loopSettingsSchema.parse(patch.settings)).toEqual(patch.settings);
});

test('flags an out-of-range value with the range from the schema; reset clears every override', async () => {
  vi.mocked(fetchSession).mockResolvedValue(session({ requireDoneTool: true, summarizerModel: 'openai:cheap', maxRetries: 1 }));
  vi.mocked(updateSession).mockResolvedValue(session({}));
  const user = userEvent.setup();
  render(<SessionSettingsSheet sessionId="s1" models={models} open onOpenChange={() => {}} />);

  const iterations = await screen.findByTestId('setting-maxIterations');
  expect(screen.getByTestId('setting-requireDoneTool')).toHaveProperty('checked', true);
  await user.type(iterations, '0');
  expect(iterations.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Between 1 and 500.')).toBeTruthy();

  await user.click(screen.getByTestId('settings-reset'));
  expect(iterations).toHaveProperty('value', '');
  expect(screen.getByTestId('setting-requireDoneTool')).toHaveProperty('checked', false);
  await user.click(screen.getByTestId('settings-save'));
  await waitFor(() => expect(updateSession).toHaveBeenCalledWith('s1', { settings: {} }));
});

test('disables what the model does not take, with the reason, and saves model, prompt, sampling and tools; presets fill the prompt', async () => {
  const reasoningCaps = { images: true, reasoning: true, temperature: false, topP: false, maxOutputTokens: 100_000, reasoningEffort: true };
  const chatCaps = { images: true, reasoning: false, temperature: true, topP: true, maxOutputTokens: 32_768, reasoningEffort: false };
  const two: ModelInfo[] = [
    { key: 'openai:o4-mini', provider: 'openai', providerLabel: 'OpenAI', modelId: 'o4-mini', label: 'o4-mini', api: 'responses', contextWindow: 200_000, pricing: { input: 1.1, output: 4.4 }, capabilities: reasoningCaps },
    { key: 'openai:gpt-4.1', provider: 'openai', providerLabel: 'OpenAI', modelId: 'gpt-4.1', label: 'gpt-4.1', api: 'responses', contextWindow: 1_047_576, pricing: { input: 2, output: 8 }, capabilities: chatCaps },
  ];
  vi.mocked(fetchSession).mockResolvedValue({ ...session({ temperature: 0.2 }), modelKey: 'openai:o4-mini' });
  vi.mocked(updateSession).mockResolvedValue(session({}));
  vi.mocked(fetchPresets).mockResolvedValue([{ id: 'p1', name: 'Pirate', prompt: 'Talk like a pirate.', updatedAt: 0 }]);
  vi.mocked(saveUserDefaults).mockResolvedValue({ modelKey: null, permissionMode: null, settings: {} });
  const user = userEvent.setup();
  render(<SessionSettingsSheet sessionId="s1" models={two} open onOpenChange={() => {}} />);

  // A reasoning model: no temperature or top-p (the stored value is kept, not sent), reasoning effort on.
  const temperature = await screen.findByTestId('setting-temperature');
  expect(temperature).toHaveProperty('disabled', true);
  expect(temperature).toHaveProperty('value', '0.2');
  expect(screen.getByTestId('setting-temperature-reason').textContent).toBe('o4-mini is a reasoning model: it takes no temperature.');
  expect(screen.getByTestId('setting-topP')).toHaveProperty('disabled', true);
  expect(screen.getByTestId('setting-reasoningEffort')).toHaveProperty('disabled', false);
  expect(screen.getByTestId('model-facts').textContent).toContain('200k window');

  // Switch to a model that takes sampling: now reasoning effort is the one disabled.
  await user.click(screen.getByTestId('settings-model-picker'));
  const option = (await screen.findAllByTestId('model-option')).find((o) => o.dataset.modelKey === 'openai:gpt-4.1')!;
  expect(option.textContent).toContain('$2.00 / $8.00 per M');
  await user.click(option);
  expect(screen.getByTestId('setting-temperature')).toHaveProperty('disabled', false);
  expect(screen.getByTestId('setting-reasoningEffort')).toHaveProperty('disabled', true);
  expect(screen.getByTestId('setting-reasoningEffort-reason').textContent).toBe('gpt-4.1 is not a reasoning model.');

  await user.clear(screen.getByTestId('setting-temperature'));
  await user.type(screen.getByTestId('setting-temperature'), '0.7');
  await user.selectOptions(await screen.findByTestId('prompt-preset-select'), 'p1');
  expect(screen.getByTestId('setting-systemPrompt')).toHaveProperty('value', 'Talk like a pirate.');
  await user.click(screen.getByTestId('tool-switch-calculator'));
  await user.selectOptions(screen.getByTestId('setting-permissionMode'), 'plan');

  await user.click(screen.getByTestId('settings-save-defaults'));
  const expected = { temperature: 0.7, systemPrompt: 'Talk like a pirate.', disabledTools: ['calculator'] };
  await waitFor(() => expect(saveUserDefaults).toHaveBeenCalledWith({ modelKey: 'openai:gpt-4.1', permissionMode: 'plan', settings: expected }));
  await user.click(screen.getByTestId('settings-save'));
  await waitFor(() => expect(updateSession).toHaveBeenCalledWith('s1', { settings: expected, modelKey: 'openai:gpt-4.1', permissionMode: 'plan' }));
  expect(loopSettingsSchema.parse(expected)).toEqual(expected);
});
