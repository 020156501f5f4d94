import 'server-only';
import { after } from 'next/server';
import { logger } from '@/lib/log.mjs';

/**
 * What one request may do after its response, on the host we run on. This module is
 * where the platforms differ; everything else is the same code on both:
 * - a Node server (`npm start`, a container) lives on: a run started by a request goes
 *   on after the response ends, for as long as it takes;
 * - on Vercel (VERCEL is set) an invocation ends when its response has ended and the
 *   work registered with `after()` (waitUntil) has settled, and is killed at the route's
 *   `maxDuration`. A run therefore works for a budget of time per invocation, then pauses
 *   at a step boundary and goes on in a chained one (lib/server/run-handoff.ts).
 */

/**
 * The `maxDuration` (seconds) of every route that starts or continues a run. Route segment
 * config must be a literal, so each of those routes exports this number itself
 * (`export const maxDuration = 300`); a test keeps them equal. 300 s is what Vercel allows
 * on every plan with Fluid compute.
 */
export const RUN_ROUTE_MAX_DURATION_S = 300;

/** Time kept back from `maxDuration` for the step in progress when the budget runs out: at most 2 minutes, at most half. */
function budgetMarginMs(maxDurationMs: number): number {
  return Math.min(120_000, maxDurationMs / 2);
}

export function onVercel(): boolean {
  return Boolean(process.env.VERCEL);
}

/**
 * How long a run may work in one invocation before it pauses at the next step boundary
 * and goes on in a chained one. RUN_INVOCATION_BUDGET_MS sets it (0 or `off`: no budget);
 * by default it is `maxDuration` less a margin on Vercel, and none on a Node server.
 */
export function invocationBudgetMs(env: Record<string, string | undefined> = process.env): number | undefined {
  const configured = env.RUN_INVOCATION_BUDGET_MS?.trim();
  if (configured === 'off') return undefined;
  if (configured) {
    const ms = Number(configured);
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`RUN_INVOCATION_BUDGET_MS must be a number of milliseconds (or 0 / off), not "${configured}".`);
    return ms === 0 ? undefined : ms;
  }
  if (!env.VERCEL) return undefined;
  const maxDurationMs = RUN_ROUTE_MAX_DURATION_S * 1000;
  return maxDurationMs - budgetMarginMs(maxDurationMs);
}

/**
 * Keeps this invocation alive until `work` settles (Next's `after`, which is waitUntil on
 * Vercel and a tracked promise on a Node server). Outside a request (a script, a test
 * calling server functions directly) there is nothing to extend: the process lives on.
 */
export function keepRunning(work: Promise<unknown>): void {
  try {
    after(work);
  } catch (error) {
    logger.debug({ err: error }, 'after() is not available here: the work goes on in this process');
  }
}
