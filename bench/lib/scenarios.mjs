// The agent runs of the bench, as scripted-server markers (tests/scripted-server/README.md, scenario `paced`).
import { marker } from './client.mjs';

/** Two cheap built-in tools in turn (the same tool ten times in a row would wake our loop guard). */
const CALLS = JSON.stringify([
  { tool: 'calculator', args: { expression: '1+$step' } },
  { tool: 'get_current_time', args: { timezone: 'UTC' } },
]);

/** A run of `steps` tool steps and a final answer, `tokens` text tokens in all, `delayMs` between frames (`markup`: every tenth token bold). */
export const agentRun = ({ steps, tokens = steps + 1, delayMs = 0, stamp = false, markup = false }) =>
  `Run the steps ${marker('paced', { tokens, steps, calls: CALLS, ...(delayMs ? { delayMs, pace: 'schedule' } : {}), ...(stamp ? { stamp: 1 } : {}), ...(markup ? { markup: 1 } : {}) })}`;
