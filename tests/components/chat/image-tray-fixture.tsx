import { AttachImageButton, ComposerImageTray } from '@/components/chat/composer-attachments';
import type { Draft } from '@/components/chat/hooks/use-draft';
import { useImageAttachments } from '@/components/chat/hooks/use-image-attachments';

/** A PNG's first bytes: its signature and the start of its header chunk. */
export const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1];

/** The composer's image tray and attach button, for a model that takes images. */
export function Tray({ draft }: { draft: Draft }) {
  const images = useImageAttachments(draft, { label: 'gpt-4.1-mini', images: true });
  return (
    <>
      <ComposerImageTray attachments={images} />
      <AttachImageButton attachments={images} />
    </>
  );
}
