/**
 * Fixture for failures, cancellation, progress, logs and list_changed:
 *   slow          waits `seconds` (default 30) unless cancelled; records `started` (with its pid, so a
 *                 test can kill this very process) and `cancelled` when notifications/cancelled arrives.
 *   slow-change   the same without readOnlyHint, so a run asks before calling it.
 *   index-files   `steps` progress notifications (with a message and a log line each), `delayMs` apart,
 *                 then "indexed N files".
 *   get-sum       a + b, at once.
 *   add-tool      registers `late-tool` on this session's server: the SDK sends
 *                 notifications/tools/list_changed.
 * The server declares logging, so the client may set its level.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { record, serve } from './serve.mjs';

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

await serve(() => {
  const server = new McpServer({ name: 'core-fixture', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool(
    'slow',
    { title: 'Slow task', description: 'Takes a while', inputSchema: { seconds: z.number().optional() }, annotations: { readOnlyHint: true } },
    async ({ seconds = 30 }, extra) => {
      record({ type: 'started', tool: 'slow', requestId: extra.requestId });
      extra.signal.addEventListener('abort', () => record({ type: 'cancelled', tool: 'slow', requestId: extra.requestId, reason: String(extra.signal.reason ?? '') }));
      await sleep(seconds * 1000, extra.signal);
      if (extra.signal.aborted) return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
      record({ type: 'finished', tool: 'slow', requestId: extra.requestId });
      return { content: [{ type: 'text', text: `slept ${seconds} s` }] };
    },
  );

  // The same without readOnlyHint: a call the user must approve (approvals tests).
  server.registerTool('slow-change', { description: 'Takes a while, and changes something', inputSchema: { seconds: z.number().optional() } }, async ({ seconds = 30 }, extra) => {
    record({ type: 'started', tool: 'slow-change', requestId: extra.requestId });
    extra.signal.addEventListener('abort', () => record({ type: 'cancelled', tool: 'slow-change', requestId: extra.requestId, reason: String(extra.signal.reason ?? '') }));
    await sleep(seconds * 1000, extra.signal);
    if (extra.signal.aborted) return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
    record({ type: 'finished', tool: 'slow-change', requestId: extra.requestId });
    return { content: [{ type: 'text', text: `changed after ${seconds} s` }] };
  });

  server.registerTool(
    'index-files',
    {
      title: 'Index files',
      description: 'Indexes files, reporting progress',
      inputSchema: { steps: z.number().optional(), delayMs: z.number().optional() },
      annotations: { readOnlyHint: true },
    },
    async ({ steps = 5, delayMs = 50 }, extra) => {
      const progressToken = extra._meta?.progressToken;
      record({ type: 'started', tool: 'index-files', progressToken: progressToken ?? null });
      // Each step reports and then works: the result never overtakes the last notification
      // (the client handles notifications a tick later than responses).
      for (let step = 1; step <= steps && !extra.signal.aborted; step++) {
        await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', logger: 'indexer', data: `indexed batch ${step} of ${steps}` } });
        if (progressToken !== undefined) {
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: step, total: steps, message: `Indexing batch ${step} of ${steps}` } });
        }
        await sleep(delayMs, extra.signal);
      }
      return { content: [{ type: 'text', text: `indexed ${steps * 10} files` }] };
    },
  );

  server.registerTool(
    'get-sum',
    { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() }, annotations: { readOnlyHint: true } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: `The sum of ${a} and ${b} is ${a + b}.` }] }),
  );

  // Marked read-only so a run calls it without asking (the permission class follows readOnlyHint).
  server.registerTool('add-tool', { description: 'Adds late-tool to this server', inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
    if (!server.isConnected()) return { content: [{ type: 'text', text: 'not connected' }], isError: true };
    try {
      server.registerTool('late-tool', { description: 'A tool added while the run went on', inputSchema: { word: z.string() }, annotations: { readOnlyHint: true } }, async ({ word }) => ({
        content: [{ type: 'text', text: `late-tool says ${word}` }],
      }));
    } catch {
      // Already added in this session.
    }
    record({ type: 'added', tool: 'late-tool' });
    return { content: [{ type: 'text', text: 'added late-tool' }] };
  });

  return server;
});
