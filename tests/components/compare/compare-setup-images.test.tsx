import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ModelInfo } from '@/lib/models/types';
import { renderInApp } from '../agent/fixtures';

/** The compare page's prompt takes images for every column, and only when every column's model takes them. */

const push = vi.fn();
const createCompareGroup = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn() }), usePathname: () => '/compare' }));
vi.mock('@/lib/client/toast', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));
vi.mock('@/components/shell/page-header', () => ({ PageHeader: ({ children }: { children: React.ReactNode }) => <header>{children}</header> }));
vi.mock('@/lib/client/compare-api', () => ({ createCompareGroup: (...args: unknown[]) => createCompareGroup(...args), deleteCompareGroup: vi.fn() }));

const { CompareSetup } = await import('@/components/compare/compare-setup');
const { peekPendingMessage } = await import('@/lib/client/pending-message');

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
const PNG_URL = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;
const pngFile = (name: string) => new File([PNG], name, { type: 'image/png' });
const files = (list: File[]) => ({ files: list, types: ['Files'], items: [] });

function model(key: string, label: string, images: boolean): ModelInfo {
  const [provider, modelId] = key.split(':') as [ModelInfo['provider'], string];
  return { key, provider, providerLabel: provider, modelId, label, api: 'chat', contextWindow: 128_000, capabilities: { images, reasoning: false, temperature: true, topP: true, reasoningEffort: false } };
}

beforeEach(() => {
  push.mockReset();
  createCompareGroup.mockReset();
});

test('an image goes with the prompt to every column when all their models take images', async () => {
  const models = [model('openai:gpt-4.1-mini', 'gpt-4.1-mini', true), model('openai:gpt-4o', 'gpt-4o', true)];
  createCompareGroup.mockResolvedValue({ id: 'g1', sessions: [{ id: 'c-1' }, { id: 'c-2' }] });
  renderInApp(<CompareSetup models={models} defaultModelKey="openai:gpt-4.1-mini" groups={[]} />);
  fireEvent.paste(screen.getByTestId('composer-input'), { clipboardData: files([pngFile('chart.png')]) });
  await screen.findByRole('img', { name: 'chart.png' });
  // Images alone are a prompt too.
  fireEvent.click(screen.getByTestId('send-button'));
  await waitFor(() => expect(push).toHaveBeenCalledWith('/compare/g1'));
  const image = { type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'chart.png' };
  expect(peekPendingMessage('c-1')).toEqual({ text: '', images: [image] });
  expect(peekPendingMessage('c-2')).toEqual({ text: '', images: [image] });
});

test('a column whose model takes no images refuses them, naming it, and nothing is created', async () => {
  const models = [model('openai:gpt-4.1-mini', 'gpt-4.1-mini', true), model('compat:scripted-chat', 'scripted-chat', false)];
  renderInApp(<CompareSetup models={models} defaultModelKey="openai:gpt-4.1-mini" groups={[]} />);
  fireEvent.drop(screen.getByTestId('composer-drop-zone'), { dataTransfer: files([pngFile('chart.png')]) });
  expect((await screen.findByTestId('image-problem')).textContent).toMatch(/^scripted-chat does not take images\./);
  expect(screen.queryByTestId('composer-image')).toBeNull();
  expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
  expect(createCompareGroup).not.toHaveBeenCalled();
});
