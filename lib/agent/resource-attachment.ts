/**
 * An MCP resource the person attached to their message with `@`. The server
 * reads it when the message is sent (never trusting content from the browser)
 * and stores it as a `data-mcp-resource` part of the user message: the
 * transcript shows it as a chip that expands, and the model reads it as text
 * (`resourceAttachmentText`). Framework-free: the server, the loop and the
 * components share it.
 */
export interface McpResourceAttachment {
  /** The MCP server's name. */
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
  /** The text the model reads; absent for binary content and for a chip not sent yet. */
  text?: string;
  /** Characters left out past the cap. */
  truncatedChars?: number;
  /** Binary content (an image, a PDF…): what it was. The model gets a placeholder. */
  binary?: { mimeType: string; bytes: number };
}

/** At most this many resources per message. */
export const MAX_RESOURCES_PER_MESSAGE = 5;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What the model reads for an attachment: the content wrapped in a `<resource>` element that names where it came from. */
export function resourceAttachmentText(resource: McpResourceAttachment): string {
  const attributes = [`server="${attribute(resource.server)}"`, `uri="${attribute(resource.uri)}"`, `name="${attribute(resource.name)}"`];
  if (resource.mimeType) attributes.push(`mimeType="${attribute(resource.mimeType)}"`);
  const body = resource.binary
    ? `[binary content, ${resource.binary.mimeType}, ${resource.binary.bytes} bytes: not included]`
    : `${resource.text ?? ''}${resource.truncatedChars ? `\n[… ${resource.truncatedChars} more characters left out]` : ''}`;
  return `<resource ${attributes.join(' ')}>\n${body}\n</resource>`;
}
