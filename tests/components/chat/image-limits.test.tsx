import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useDraft } from '@/components/chat/hooks/use-draft';
import { MAX_MESSAGE_IMAGE_BYTES } from '@/lib/api/attachments';
import { renderInApp } from '../agent/fixtures';
import { PNG, Tray } from './image-tray-fixture';

/** A PNG file of `size` bytes (its header, then zeros). */
function bigPng(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type: 'image/png' });
}

describe("a message's images together", () => {
  test('are checked before the upload: the image that would pass the limit is refused, in the words the server uses', async () => {
    const draft = renderHook(() => useDraft()).result.current;
    renderInApp(<Tray draft={draft} />);
    const third = Math.floor(MAX_MESSAGE_IMAGE_BYTES / 3) + 256 * 1024;
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [bigPng('a.png', third), bigPng('b.png', third), bigPng('c.png', third)] } });
    await waitFor(() => expect(screen.getByTestId('image-problem').textContent).toMatch(/^The images add up to 8\.7 MB; a message may carry at most 8\.0 MB\.$/));
    expect(screen.getAllByTestId('composer-image')).toHaveLength(2);
  });
});
