import { FileTextIcon, ImageIcon } from 'lucide-react';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';

/** An attached resource's icon: a picture for an image, a page for the rest. */
export function ResourceIcon({ resource }: { resource: Pick<McpResourceAttachment, 'mimeType' | 'binary'> }) {
  const mime = resource.binary?.mimeType ?? resource.mimeType ?? '';
  return mime.startsWith('image/') ? <ImageIcon className="size-3.5 shrink-0" /> : <FileTextIcon className="size-3.5 shrink-0" />;
}
