import { describe, expect, it } from 'vitest';
import { mcpResultToOutput, McpToolResultError } from '@/lib/mcp/output';
import { isRichToolOutput, MAX_IMAGE_BYTES, richOutputText, type RichToolOutput } from '@/lib/agent/rich-output';
import { modelToolOutput, truncateForModel } from '@/lib/agent/truncate';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const base64Of = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('mcpResultToOutput', () => {
  it('joins text content into one string', () => {
    expect(mcpResultToOutput({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toBe('a\nb');
  });

  it('keeps a raster image with the result; the model text names it instead of carrying base64', () => {
    const output = mcpResultToOutput({ content: [{ type: 'text', text: 'Here it is:' }, { type: 'image', data: PNG, mimeType: 'image/png' }] }) as RichToolOutput;
    expect(isRichToolOutput(output)).toBe(true);
    expect(output.content[1]).toEqual({ type: 'image', mimeType: 'image/png', bytes: 70, data: PNG });
    expect(richOutputText(output)).toBe('Here it is:\n[image: image/png, 70 B]');
    expect(truncateForModel(output, 'x__y', 1000)).toEqual({ text: 'Here it is:\n[image: image/png, 70 B]', truncated: false, originalChars: 36 });
    // To the model: the text, then the image as an image part.
    expect(modelToolOutput(output, 'x__y', 1000)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Here it is:\n[image: image/png, 70 B]' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
      ],
    });
  });

  it('drops the data of SVG, HTML-ish, oversized and non-base64 images, and of images past the per-result budget', () => {
    const output = mcpResultToOutput({
      content: [
        { type: 'image', data: Buffer.from('<svg onload="alert(1)"/>').toString('base64'), mimeType: 'image/svg+xml' },
        { type: 'image', data: Buffer.from('<script>alert(1)</script>').toString('base64'), mimeType: 'text/html' },
        { type: 'image', data: base64Of(MAX_IMAGE_BYTES + 3), mimeType: 'image/png' },
        { type: 'image', data: 'not base64!', mimeType: 'image/png' },
        { type: 'image', data: base64Of(MAX_IMAGE_BYTES - 3), mimeType: 'image/jpeg' },
        { type: 'image', data: base64Of(MAX_IMAGE_BYTES - 3), mimeType: 'image/webp' },
        { type: 'image', data: base64Of(30), mimeType: 'image/gif' },
      ],
    }) as RichToolOutput;
    const kept = output.content.map((item) => item.type === 'image' && item.data !== undefined);
    expect(kept).toEqual([false, false, false, false, true, true, false]);
    expect(output.content.map((item) => (item.type === 'image' ? item.omitted : undefined))).toEqual([
      'image/svg+xml is not an image type that is shown',
      'text/html is not an image type that is shown',
      '2.0 MB is over the 2.0 MB limit',
      'the data is not base64',
      undefined,
      undefined,
      "the result's images are over 4.0 MB",
    ]);
    // Bounded storage: at most 4 MiB of image data in one result.
    expect(JSON.stringify(output).length).toBeLessThan(4 * 1024 * 1024 * 1.4);
  });

  it('keeps text resources, resource links and placeholders for binary resources', () => {
    const output = mcpResultToOutput({
      content: [
        { type: 'resource', resource: { uri: 'demo://t', text: 'hello', mimeType: 'text/plain' } },
        { type: 'resource_link', uri: 'https://example.com/r/1', name: 'Resource 1', description: 'the first' },
        { type: 'resource', resource: { uri: 'demo://b', mimeType: 'application/gzip', blob: 'AAAA' } },
      ],
    }) as RichToolOutput;
    expect(output.content).toEqual([
      { type: 'resource', uri: 'demo://t', mimeType: 'text/plain', text: 'hello' },
      { type: 'resource_link', uri: 'https://example.com/r/1', name: 'Resource 1', description: 'the first' },
      { type: 'resource', uri: 'demo://b', mimeType: 'application/gzip', bytes: 3 },
    ]);
    expect(richOutputText(output)).toBe('[resource demo://t]\nhello\n[link: Resource 1 (https://example.com/r/1) the first]\n[resource demo://b: application/gzip, 3 B, not shown]');
    // No image: plain text to the model.
    expect(modelToolOutput(output, 'x__y', 1000).type).toBe('text');
  });

  it('keeps structured content with the tool output schema; the model reads the text once', () => {
    const schema = { type: 'object', properties: { t: { type: 'number' } } };
    const output = mcpResultToOutput({ content: [{ type: 'text', text: '{"t":1}' }], structuredContent: { t: 1 } }, { outputSchema: schema }) as RichToolOutput;
    expect(output).toEqual({ type: 'tool-content', content: [{ type: 'text', text: '{"t":1}' }], structuredContent: { t: 1 }, outputSchema: schema });
    expect(richOutputText(output)).toBe('{"t":1}');
    expect(richOutputText({ ...output, content: [] })).toBe('{"t":1}');
    expect(richOutputText({ ...output, content: [{ type: 'text', text: 'One item.' }] })).toBe('One item.\nStructured content: {"t":1}');
  });

  it('throws the server text when the result is an error, so the loop reports a tool error', () => {
    expect(() => mcpResultToOutput({ content: [{ type: 'text', text: 'Invalid arguments' }], isError: true })).toThrow(McpToolResultError);
    expect(() => mcpResultToOutput({ content: [{ type: 'text', text: 'Invalid arguments' }], isError: true })).toThrow('Invalid arguments');
  });
});
