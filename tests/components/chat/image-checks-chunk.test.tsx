import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useDraft } from '@/components/chat/hooks/use-draft';
import { renderInApp } from '../agent/fixtures';
import { PNG, Tray } from './image-tray-fixture';

// The checks an image goes through are fetched with the first image (lib/api/attachments.ts is not in the page's
// first load): here that fetch fails, as a chunk does when the connection drops or a deploy replaced it.
vi.mock('@/lib/api/attachments', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('an image attached while its checks cannot be fetched', () => {
  test('is not attached, and the composer says why in plain words', async () => {
    const draft = renderHook(() => useDraft()).result.current;
    renderInApp(<Tray draft={draft} />);
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [new File([Uint8Array.from(PNG)], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('image-problem').textContent).toBe('The image could not be attached: part of the page did not load. Check the connection and try again.'));
    expect(screen.queryAllByTestId('composer-image')).toHaveLength(0);
  });
});
