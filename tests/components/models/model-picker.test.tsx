import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ModelPicker } from '@/components/models/model-picker';
import { describeModel } from '@/lib/models/registry';
import type { ModelInfo } from '@/lib/models/types';

const models: ModelInfo[] = [
  describeModel({ key: 'openai:gpt-4.1-mini', provider: 'openai', providerLabel: 'OpenAI', modelId: 'gpt-4.1-mini', label: 'gpt-4.1-mini', api: 'responses' }),
  describeModel({ key: 'openai:o4-mini', provider: 'openai', providerLabel: 'OpenAI', modelId: 'o4-mini', label: 'o4-mini', api: 'responses' }),
  describeModel({ key: 'ollama:llama3.1:8b', provider: 'ollama', providerLabel: 'Ollama', modelId: 'llama3.1:8b', label: 'llama3.1:8b', api: 'chat' }),
  describeModel({ key: 'demo:demo-agent', provider: 'demo', providerLabel: 'Offline demo', modelId: 'demo-agent', label: 'Demo model (offline, scripted)', api: 'offline', demo: true }),
];

test('groups by provider with window, price and badges; search narrows; the keyboard picks', async () => {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<ModelPicker models={models} value="openai:gpt-4.1-mini" onChange={onChange} />);
  expect(screen.getByTestId('model-picker').textContent).toBe('gpt-4.1-mini');

  await user.click(screen.getByTestId('model-picker'));
  const list = await screen.findByRole('listbox', { name: 'Models' });
  // The list is a chunk of its own, there after the popover opened: the search still takes the focus.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('model-search')));
  expect(within(list).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
    'OpenAI',
    'Ollama',
    'Offline',
  ]);
  const mini = within(list).getByRole('option', { name: /gpt-4\.1-mini/ });
  expect(mini.getAttribute('aria-selected')).toBe('true');
  expect(mini.textContent).toContain('1M window');
  expect(mini.textContent).toContain('$0.40 / $1.60 per M');
  expect(within(mini).getByTestId('model-badge-images')).toBeTruthy();
  expect(within(mini).queryByTestId('model-badge-reasoning')).toBeNull();
  expect(within(within(list).getByRole('option', { name: /o4-mini/ })).getByTestId('model-badge-reasoning')).toBeTruthy();
  // Local models have no price.
  expect(within(list).getByRole('option', { name: /llama3\.1/ }).textContent).not.toContain('per M');

  await user.type(screen.getByTestId('model-search'), 'reasoning');
  expect(within(list).getAllByRole('option').map((o) => o.dataset.modelKey)).toEqual(['openai:o4-mini']);
  await user.clear(screen.getByTestId('model-search'));
  await user.type(screen.getByTestId('model-search'), 'llama');
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledWith('ollama:llama3.1:8b');
  expect(screen.queryByRole('listbox')).toBeNull();
});
