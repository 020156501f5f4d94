/**
 * Fixture for tool results as people expect them, and argument validation:
 * - `get-sum` (title "Add two numbers"): a and b required numbers; records the arguments it ran with,
 *   so a test sees that a call with bad arguments never reached the server.
 * - `screenshot` (annotations.title only): text, a real PNG, an SVG with a script, and a "text/html" image.
 * - `find-docs`: a web resource link, a javascript: link, an embedded text resource.
 * - `weather`: structured content with an output schema.
 * - `list_issues`: no title (the card shows the name).
 */
import { deflateSync } from 'node:zlib';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { record, serve } from './serve.mjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A 160×96 RGB PNG: a blue-to-teal gradient with a white bar, so a screenshot shows it was drawn. */
function gradientPng(width = 160, height = 96) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const bar = y > 40 && y < 56 && x > 20 && x < width - 20;
      row[1 + x * 3] = bar ? 255 : 30;
      row[2 + x * 3] = bar ? 255 : Math.round(80 + (x / width) * 150);
      row[3 + x * 3] = bar ? 255 : Math.round(200 - (y / height) * 60);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]).toString('base64');
}

export const PNG_BASE64 = gradientPng();
const SVG_BASE64 = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__svgRan=1"><script>window.__svgRan=1</script></svg>').toString('base64');
const HTML_BASE64 = Buffer.from('<img src=x onerror="window.__htmlRan=1">').toString('base64');

await serve(() => {
  const server = new McpServer({ name: 'results-fixture', version: '1.0.0' });

  server.registerTool(
    'get-sum',
    { title: 'Add two numbers', description: 'Adds a and b.', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => {
      record({ type: 'call', tool: 'get-sum', arguments: { a, b } });
      return { content: [{ type: 'text', text: `The sum of ${a} and ${b} is ${a + b}.` }] };
    },
  );

  server.registerTool('screenshot', { description: 'Takes a screenshot.', annotations: { title: 'Take a screenshot', readOnlyHint: true } }, async () => {
    record({ type: 'call', tool: 'screenshot' });
    return {
      content: [
        { type: 'text', text: 'Screenshot of the dashboard.' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        { type: 'image', data: SVG_BASE64, mimeType: 'image/svg+xml' },
        { type: 'image', data: HTML_BASE64, mimeType: 'text/html' },
      ],
    };
  });

  server.registerTool('find-docs', { description: 'Finds documentation.', annotations: { readOnlyHint: true } }, async () => {
    record({ type: 'call', tool: 'find-docs' });
    return {
      content: [
        { type: 'resource_link', uri: 'https://example.com/docs/getting-started', name: 'getting-started', title: 'Getting started', description: 'The guide for new users', mimeType: 'text/html' },
        { type: 'resource_link', uri: 'javascript:alert(1)', name: 'not-a-web-link' },
        { type: 'resource', resource: { uri: 'docs://faq.md', mimeType: 'text/markdown', text: '# FAQ\n\nMarker FAQ-91c2: how to reset a password.' } },
      ],
    };
  });

  server.registerTool(
    'weather',
    {
      description: 'Current weather.',
      inputSchema: { city: z.string() },
      outputSchema: { city: z.string(), temperatureC: z.number(), conditions: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => {
      const structuredContent = { city, temperatureC: 21.5, conditions: 'sunny' };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );

  server.registerTool('list_issues', { description: 'Lists issues.', annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: 'No issues.' }] }));

  return server;
});
