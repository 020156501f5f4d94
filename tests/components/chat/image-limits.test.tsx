import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ComposerImageTray, AttachImageButton } from '@/components/chat/composer-attachments';
import { useDraft, type Draft } from '@/components/chat/hooks/use-draft';
import { useImageAttachments } from '@/components/chat/hooks/use-image-attachments';
import { MAX_MESSAGE_IMAGE_BYTES } from '@/lib/api/attachments';
import { renderInApp } from '../agent/fixtures';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1];

/** A PNG file of `size` bytes (its header, then zeros). */
function bigPng(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], name, { type: 'image/png' });
}

function Tray({ draft }: { draft: Draft }) {
  const images = useImageAttachments(draft, { label: 'gpt-4.1-mini', images: true });
  return (
    <>
      <ComposerImageTray attachments={images} />
      <AttachImageButton attachments={images} />
    </>
  );
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
