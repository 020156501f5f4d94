import { describe, expect, it } from 'vitest';
import { mcpResultToOutput, McpToolResultError } from '@/lib/mcp/output';

describe('mcpResultToOutput', () => {
  it('joins text content into one string', () => {
    expect(mcpResultToOutput({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toBe('a\nb');
  });

  it('replaces images and blobs with a placeholder instead of base64', () => {
    const output = mcpResultToOutput({
      content: [
        { type: 'text', text: 'Here it is:' },
        { type: 'image', data: 'iVBORw0KGgo'.repeat(200), mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'demo://b', mimeType: 'application/gzip', blob: 'AAAA' } },
      ],
    }) as string;
    expect(output).toContain('Here it is:');
    expect(output).toMatch(/\[image: image\/png, 1\.6 kB, not shown\]/);
    expect(output).toContain('[resource demo://b: application/gzip, 3 B, not shown]');
    expect(output).not.toContain('iVBORw0KGgo');
  });

  it('shows text resources and resource links', () => {
    const output = mcpResultToOutput({
      content: [
        { type: 'resource', resource: { uri: 'demo://t', text: 'hello' } },
        { type: 'resource_link', uri: 'demo://r/1', name: 'Resource 1' },
      ],
    });
    expect(output).toBe('[resource demo://t]\nhello\n[link: Resource 1 (demo://r/1)]');
  });

  it('keeps structured content next to the text', () => {
    expect(mcpResultToOutput({ content: [{ type: 'text', text: '{"t":1}' }], structuredContent: { t: 1 } })).toEqual({
      content: '{"t":1}',
      structuredContent: { t: 1 },
    });
  });

  it('throws the server text when the result is an error, so the loop reports a tool error', () => {
    expect(() => mcpResultToOutput({ content: [{ type: 'text', text: 'Invalid arguments' }], isError: true })).toThrow(McpToolResultError);
    expect(() => mcpResultToOutput({ content: [{ type: 'text', text: 'Invalid arguments' }], isError: true })).toThrow('Invalid arguments');
  });
});
