/**
 * Fixture for resources as @-mentions and prompts as slash commands: a few
 * resources (a short text note, one far over the app's text cap, a PNG, a
 * template the app does not support) and two prompts (one with a required and
 * an optional argument, one without). Every resources/read and prompts/get is
 * recorded, so a test can see what the app asked for.
 * `MENTION_RESOURCE_COUNT=N` adds N numbered notes (the listing cap).
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { record, serve } from './serve.mjs';

const README_TEXT = 'Release checklist: tag v2.4.0, update the changelog, ping #releases. Marker MENTION-7f3a.';
// 1x1 transparent PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const extraNotes = Number(process.env.MENTION_RESOURCE_COUNT ?? 0);

await serve(() => {
  const server = new McpServer({ name: 'mention-fixture', version: '1.0.0' });

  server.registerResource('Release checklist', 'notes://release/readme.md', { description: 'What to do before a release', mimeType: 'text/markdown' }, async (uri) => {
    record({ type: 'read', uri: uri.href });
    return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README_TEXT }] };
  });
  server.registerResource('Big log', 'logs://build/full.log', { description: 'A long build log', mimeType: 'text/plain' }, async (uri) => {
    record({ type: 'read', uri: uri.href });
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `BEGIN ${'x'.repeat(300_000)} END` }] };
  });
  server.registerResource('Logo', 'images://logo.png', { description: 'The project logo', mimeType: 'image/png' }, async (uri) => {
    record({ type: 'read', uri: uri.href });
    return { contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG_BASE64 }] };
  });
  server.registerResource('Issue by number', new ResourceTemplate('issues://{number}', { list: undefined }), { description: 'One issue', mimeType: 'application/json' }, async (uri) => ({
    contents: [{ uri: uri.href, text: '{}' }],
  }));
  for (let index = 1; index <= extraNotes; index += 1) {
    server.registerResource(`Note ${index}`, `notes://bulk/${index}`, { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: `note ${index}` }] }));
  }

  server.registerPrompt(
    'review-code',
    {
      title: 'Review code',
      description: 'Ask for a focused code review',
      argsSchema: { language: z.string().describe('Programming language'), focus: z.string().optional().describe('What to look at') },
    },
    async ({ language, focus }) => {
      record({ type: 'prompt', name: 'review-code', arguments: { language, focus } });
      return {
        description: 'A code review request',
        messages: [{ role: 'user', content: { type: 'text', text: `Review this ${language} code${focus ? `, focusing on ${focus}` : ''}. Be concise.` } }],
      };
    },
  );
  server.registerPrompt('standup', { description: 'Draft a standup update' }, async () => {
    record({ type: 'prompt', name: 'standup', arguments: {} });
    return { messages: [{ role: 'user', content: { type: 'text', text: 'Write my standup: yesterday, today, blockers.' } }] };
  });
  return server;
});
