import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { SessionSettingsSheet } from '@/components/settings/session-settings-sheet';
import { fetchSession, updateSession } from '@/lib/client/api';
import type { SessionDetail } from '@/lib/api-types';
import type { ModelInfo } from '@/lib/models/types';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';

vi.mock('@/lib/client/api', () => ({ fetchSession: vi.fn(), updateSession: vi.fn() }));

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
