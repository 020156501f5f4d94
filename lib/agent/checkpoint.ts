import type { UsageTotals } from './messages';
import type { LoopGuardState } from './loop-guard';
import type { StepTrace } from './trace';
import type { PendingModelCall, ReleasedModelCall } from './step-gate';

/**
 * Pausing a run at a step boundary and going on later, in another process. A host that
 * limits how long one request may work (a serverless function's `maxDuration`) asks the
 * loop to pause once its time is used up; the loop stops after a step whose tool results
 * are written, never inside a model call or a tool call, and answers a checkpoint.
 *
 * The conversation is not in the checkpoint: it is the stored history, where the run's
 * own message was saved at that boundary. The checkpoint holds only what the loop counts
 * across steps, so limits (iterations, wall clock, loop guard, compactions, the one
 * unfinished-work nudge) hold for the whole run, however many processes carry it.
 */
export interface LoopCheckpoint {
  /** Model calls made so far in this run. */
  iteration: number;
  /** Steps numbered before the first model call (the approvals step of a continuation). */
  stepBase: number;
  compactionAttempts: number;
  unfinishedWorkNudged: boolean;
  loopGuard: LoopGuardState;
  /** This run's usage so far. */
  usage: UsageTotals;
  /** The continued message's usage from before this run (approval continuations). */
  messageUsageBase: UsageTotals;
  /** When the run started, by the loop's clock: its wall-clock limit counts from here. */
  startedAt: number;
  /** Left-out tools the model enabled with search_tools (tool-cap.ts); absent in checkpoints from before. */
  enabledTools?: string[];
}

/** How a run may pause and go on (the second argument of runAgent). */
export interface RunChain {
  /** Asked at each step boundary once this call has made a step; true pauses the run there. */
  shouldPause?: () => boolean;
  /** Going on after a pause: `messages` end with the run's own message as it was saved at the pause. */
  resume?: LoopCheckpoint;
  /** Going on after a pause before a model call (step-gate.ts): that call sends this request instead of pausing again. */
  release?: ReleasedModelCall;
}

/** A run that paused at a step boundary: nothing ended, and no run end was written. */
export interface PausedRun {
  paused: LoopCheckpoint;
  /** Usage of the whole run so far. */
  usage: UsageTotals;
  /** The steps made by this call. */
  steps: StepTrace[];
  /** Set when step mode paused the run before a model call: its run end (`paused`) is written, and this is the request it waits with. */
  beforeModelCall?: PendingModelCall;
}
