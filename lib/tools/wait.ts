import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';

/** Longest wait the tool accepts: long enough to watch, short enough not to hold a run hostage. */
const MAX_WAIT_SECONDS = 30;

export const waitInput = z.object({
  seconds: z.number().min(0).max(MAX_WAIT_SECONDS).describe(`How long to wait, 0–${MAX_WAIT_SECONDS} seconds.`),
});

/**
 * Waits, then reports how long it waited. Harmless, and the way to watch a
 * long-running tool card, Stop during a tool, and tool timeouts.
 */
export function waitTool(): AgentTool<z.infer<typeof waitInput>, { waitedMs: number }> {
  return {
    name: 'wait',
    title: 'Wait',
    description: `Waits for the given number of seconds (at most ${MAX_WAIT_SECONDS}) and reports how long it waited. Use it when the user asks you to pause or wait.`,
    inputSchema: waitInput,
    readOnly: true,
    permission: 'read',
    execute: ({ seconds }, { signal }) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const timer = setTimeout(() => resolve({ waitedMs: Date.now() - started }), seconds * 1000);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          },
          { once: true },
        );
      }),
  };
}
