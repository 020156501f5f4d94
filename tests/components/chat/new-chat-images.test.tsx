import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { ModelInfo } from '@/lib/models/types';
import { renderInApp } from '../agent/fixtures';

/**
 * The new-session page takes images like a session's composer (paste, drop, the attach button, previews, remove),
 * refuses them for a model without image input before any session is created, sends an image-only first message,
 * and hands the images to the session page with the text (lib/client/pending-message.ts).
 */

const push = vi.fn();
const createSession = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn() }), usePathname: () => '/' }));
vi.mock('@/lib/client/toast', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));
vi.mock('@/components/sessions/sessions-provider', () => ({ useSessionActions: () => ({ upsert: vi.fn() }) }));
// The page header's sidebar trigger needs the app shell: not what this test is about.
vi.mock('@/components/shell/page-header', () => ({ PageHeader: ({ children }: { children: React.ReactNode }) => <header>{children}</header> }));
vi.mock('@/lib/client/api', () => ({ createSession: (...args: unknown[]) => createSession(...args) }));

const { NewChat } = await import('@/components/chat/new-chat');
const { peekPendingMessage } = await import('@/lib/client/pending-message');

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
const PNG_URL = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;
const pngFile = (name: string) => new File([PNG], name, { type: 'image/png' });

function model(key: string, label: string, images: boolean): ModelInfo {
  const [provider, modelId] = key.split(':') as [ModelInfo['provider'], string];
  return {
    key,
    provider,
    providerLabel: provider,
    modelId,
    label,
    api: 'chat',
    contextWindow: 128_000,
    capabilities: { images, reasoning: false, temperature: true, topP: true, reasoningEffort: false },
  };
}
const VISION = model('openai:gpt-4.1-mini', 'gpt-4.1-mini', true);
const TEXT_ONLY = model('compat:scripted-chat', 'scripted-chat', false);

const files = (list: File[]) => ({ files: list, types: ['Files'], items: [] });

beforeEach(() => {
  push.mockReset();
  createSession.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('images on the new-session page', () => {
  test('pasted, dropped and picked images show as previews, can be removed, and go with the first message', async () => {
    createSession.mockResolvedValue({ id: 's-first', title: 'New session', modelKey: VISION.key });
    renderInApp(<NewChat models={[VISION]} defaultModelKey={VISION.key} />);
    const input = screen.getByTestId('composer-input');
    fireEvent.paste(input, { clipboardData: files([pngFile('pasted.png')]) });
    fireEvent.drop(screen.getByTestId('composer-drop-zone'), { dataTransfer: files([pngFile('dropped.png')]) });
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [pngFile('picked.png')] } });
    await waitFor(() => expect(screen.getAllByTestId('composer-image')).toHaveLength(3));
    expect(screen.getByRole('img', { name: 'dropped.png' }).getAttribute('src')).toBe(PNG_URL);

    fireEvent.click(screen.getByRole('button', { name: 'Remove dropped.png' }));
    expect(screen.getAllByTestId('composer-image')).toHaveLength(2);

    fireEvent.change(input, { target: { value: 'What is in these?' } });
    fireEvent.click(screen.getByTestId('send-button'));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/s/s-first'));
    expect(createSession).toHaveBeenCalledWith({ modelKey: VISION.key });
    expect(peekPendingMessage('s-first')).toEqual({
      text: 'What is in these?',
      images: [
        { type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'pasted.png' },
        { type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'picked.png' },
      ],
    });
    expect(screen.queryByTestId('composer-image')).toBeNull();
  });

  test('a message of images alone is sendable: Send and Enter are enabled with no text', async () => {
    createSession.mockResolvedValue({ id: 's-image-only', title: 'New session', modelKey: VISION.key });
    renderInApp(<NewChat models={[VISION]} defaultModelKey={VISION.key} />);
    const send = screen.getByTestId('send-button') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [pngFile('only.png')] } });
    await screen.findByRole('img', { name: 'only.png' });
    expect(send.disabled).toBe(false);
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
    await waitFor(() => expect(push).toHaveBeenCalledWith('/s/s-image-only'));
    expect(peekPendingMessage('s-image-only')).toEqual({ text: '', images: [{ type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'only.png' }] });
  });

  test('a model without image input refuses them before anything is created, naming the model', async () => {
    renderInApp(<NewChat models={[VISION, TEXT_ONLY]} defaultModelKey={TEXT_ONLY.key} />);
    fireEvent.drop(screen.getByTestId('composer-drop-zone'), { dataTransfer: files([pngFile('dropped.png')]) });
    expect((await screen.findByTestId('image-problem')).textContent).toMatch(/^scripted-chat does not take images\./);
    expect(screen.queryByTestId('composer-image')).toBeNull();
    // The attach button says the same instead of opening a picker.
    await act(async () => fireEvent.click(screen.getByTestId('attach-image')));
    expect(screen.getByTestId('image-problem').textContent).toMatch(/^scripted-chat does not take images\./);
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
    expect(createSession).not.toHaveBeenCalled();
  });
});
