import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ToolCard } from '@/components/agent/tool-card';
import type { ToolPart } from '@/components/agent/tool-part';
import { RICH_OUTPUT_TYPE, type RichToolOutput } from '@/lib/agent/rich-output';
import { renderInApp, uniqueId } from './fixtures';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const b64 = (text: string) => Buffer.from(text).toString('base64');

function mcpPart(output: RichToolOutput, toolName = 'results__screenshot', title?: string): ToolPart {
  return { type: 'dynamic-tool', toolName, toolCallId: uniqueId('call'), state: 'output-available', input: {}, output, ...(title ? { title } : {}) } as ToolPart;
}

async function open(part: ToolPart, title: string) {
  const user = userEvent.setup();
  renderInApp(<ToolCard part={part} messageStreaming={false} />);
  await user.click(screen.getByRole('button', { name: new RegExp(`^Show details of ${title}\\b`) }));
  // The rich view is its own chunk: the card opens at once, the view is in it once the chunk has arrived.
  const output = await screen.findByTestId('tool-output');
  await within(output).findByTestId('rich-output');
  return { user, output };
}

describe('rich MCP results in the card', () => {
  test('a PNG renders as a lazy data-URL image; SVG, HTML, script-y and oversized "images" never render and say why', async () => {
    const output: RichToolOutput = {
      type: RICH_OUTPUT_TYPE,
      content: [
        { type: 'text', text: 'Screenshot of the dashboard.' },
        { type: 'image', mimeType: 'image/png', bytes: 70, data: PNG },
        // Stored outputs are not trusted: data on a type or size the server side would have refused is still not drawn.
        { type: 'image', mimeType: 'image/svg+xml', bytes: 60, data: b64('<svg onload="alert(1)"/>') },
        { type: 'image', mimeType: 'text/html', bytes: 30, data: b64('<script>alert(1)</script>') },
        { type: 'image', mimeType: 'image/png" onerror="alert(1)', bytes: 70, data: PNG },
        { type: 'image', mimeType: 'image/png', bytes: 70, data: 'iVBOR" onerror="x' },
        { type: 'image', mimeType: 'image/png', bytes: 3 * 1024 * 1024, omitted: '3.0 MB is over the 2.0 MB limit' },
      ],
    };
    const { output: box } = await open(mcpPart(output, 'results__screenshot', 'Take a screenshot'), 'Take a screenshot');

    const images = within(box).getAllByTestId('rich-image') as HTMLImageElement[];
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(images[0].getAttribute('loading')).toBe('lazy');
    expect(images[0].alt).toBe('Image from the tool (image/png, 70 B)');
    expect(box.querySelectorAll('img')).toHaveLength(1);
    expect(box.querySelector('svg[onload], script, iframe, object, embed')).toBeNull();

    const refused = within(box).getAllByTestId('rich-image-omitted').map((p) => p.textContent);
    expect(refused).toEqual([
      'Image not shown (image/svg+xml, 60 B): image/svg+xml is not an image type that is shown.',
      'Image not shown (text/html, 30 B): text/html is not an image type that is shown.',
      'Image not shown (image/png" onerror="alert(1), 70 B): image/png" onerror="alert(1) is not an image type that is shown.',
      'Image not shown (image/png, 70 B): the image data is not valid.',
      'Image not shown (image/png, 3.0 MB): 3.0 MB is over the 2.0 MB limit.',
    ]);
    // The raw JSON view leaves the base64 out.
    expect(box.textContent).not.toContain(PNG);
    expect(box.textContent).toContain('(base64, 70 B)');
  });

  test('resource links are links only for http(s), opened without opener, referrer or follow; embedded text resources fold', async () => {
    const output: RichToolOutput = {
      type: RICH_OUTPUT_TYPE,
      content: [
        { type: 'resource_link', uri: 'https://example.com/docs/getting-started', name: 'getting-started', title: 'Getting started', description: 'The guide for new users' },
        { type: 'resource_link', uri: 'javascript:alert(1)', name: 'not-a-web-link' },
        { type: 'resource', uri: 'docs://faq.md', mimeType: 'text/markdown', text: '# FAQ\n\nMarker FAQ-91c2.' },
        { type: 'resource', uri: 'docs://archive.zip', mimeType: 'application/zip', bytes: 2048 },
      ],
    };
    const { user, output: box } = await open(mcpPart(output, 'results__find-docs'), 'find-docs');

    const links = within(box).getAllByTestId('rich-resource-link');
    const anchor = within(links[0]).getByRole('link', { name: 'Getting started' });
    expect(anchor.getAttribute('href')).toBe('https://example.com/docs/getting-started');
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(anchor.getAttribute('target')).toBe('_blank');
    expect(links[0].textContent).toContain('The guide for new users');
    expect(within(links[1]).queryByRole('link')).toBeNull();
    expect(links[1].textContent).toContain('javascript:alert(1)');
    expect(box.querySelectorAll('a[href^="javascript"]')).toHaveLength(0);

    const resource = within(box).getByTestId('rich-resource') as HTMLDetailsElement;
    expect(resource.open).toBe(false);
    expect(resource.querySelector('summary')!.textContent).toBe('docs://faq.md · text/markdown · 23 characters');
    await user.click(resource.querySelector('summary')!);
    expect(resource.open).toBe(true);
    expect(resource.querySelector('pre')!.textContent).toBe('# FAQ\n\nMarker FAQ-91c2.');
    expect(box.textContent).toContain('Resource docs://archive.zip (application/zip, 2.0 kB) is not shown.');
  });

  test('structured content shows as JSON, with the tool output schema behind a fold', async () => {
    const output: RichToolOutput = {
      type: RICH_OUTPUT_TYPE,
      content: [{ type: 'text', text: '{"city":"Lyon","temperatureC":21.5}' }],
      structuredContent: { city: 'Lyon', temperatureC: 21.5 },
      outputSchema: { type: 'object', properties: { city: { type: 'string' }, temperatureC: { type: 'number' } } },
    };
    const { output: box } = await open(mcpPart(output, 'results__weather'), 'weather');
    expect(within(box).getByTestId('rich-structured').textContent).toContain('"temperatureC": 21.5');
    const schema = within(box).getByTestId('rich-output-schema') as HTMLDetailsElement;
    expect(schema.open).toBe(false);
    expect(schema.textContent).toContain('"temperatureC": {');
  });

  test('titles: the tool title when the part has one, else the exact name; the full server__tool name in the details', async () => {
    const part = mcpPart({ type: RICH_OUTPUT_TYPE, content: [{ type: 'text', text: 'ok' }] }, 'results__get-sum', 'Add two numbers');
    await open(part, 'Add two numbers');
    expect(screen.getByTestId('tool-title').textContent).toBe('Add two numbers');
    expect(screen.getByTestId('tool-title').getAttribute('title')).toBe('results__get-sum');
    expect(screen.getByTestId('tool-badge').textContent).toBe('MCP · results');
    expect(screen.getByTestId('tool-name').textContent).toBe('Tool results__get-sum · get-sum on MCP server results');
  });
});
