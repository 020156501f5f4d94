import type { FinishReason } from 'ai';
import type { RunEnd, RunEndReason } from './messages';

/**
 * What a model step's finish reason means for the run, and the sentence the
 * user sees when the run ends.
 */

export type FinishDecision =
  | { kind: 'execute-tools' }
  | { kind: 'model-stopped' }
  | { kind: 'compact' }
  | { kind: 'end'; end: RunEnd };

export function decideOnFinish(finishReason: FinishReason, rawFinishReason: string | undefined, toolCallCount: number): FinishDecision {
  switch (finishReason) {
    case 'stop':
    case 'tool-calls':
      // Some providers say `stop` even when they called tools: the calls decide.
      return toolCallCount > 0 ? { kind: 'execute-tools' } : { kind: 'model-stopped' };
    case 'length':
      return { kind: 'compact' };
    case 'content-filter':
      return { kind: 'end', end: runEnd('content-filter', { finishReason }) };
    case 'error':
      return { kind: 'end', end: runEnd('error', { finishReason, detail: 'The provider reported an error and ended the response.' }) };
    case 'interrupted':
      return { kind: 'end', end: runEnd('interrupted', { finishReason }) };
    default:
      return { kind: 'end', end: runEnd('other', { finishReason, detail: rawFinishReason }) };
  }
}

export interface RunEndDetails {
  finishReason?: FinishReason;
  /** Extra words: the provider's error, the repeated call, the done-tool summary… */
  detail?: string;
  count?: number;
}

export function runEnd(reason: RunEndReason, details: RunEndDetails = {}): RunEnd {
  const end: RunEnd = { reason, message: runEndMessage(reason, details) };
  if (details.finishReason) end.finishReason = details.finishReason;
  return end;
}

function runEndMessage(reason: RunEndReason, { detail, count }: RunEndDetails): string {
  switch (reason) {
    case 'completed':
      return 'The agent finished.';
    case 'done-tool':
      return detail ? detail : 'The agent marked the task complete.';
    case 'length':
      return detail ?? 'Context limit reached: the response was cut off and the conversation could not be compacted further.';
    case 'context-limit':
      return detail ?? 'Context limit exceeded: the conversation no longer fits the model’s context window, even after compaction.';
    case 'content-filter':
      return 'The provider filtered the output (content filter), so the response stopped.';
    case 'error':
      return detail ?? 'The model call failed.';
    case 'interrupted':
      return 'The provider stream ended without a completion signal (interrupted). The response may be incomplete.';
    case 'other':
      return `The provider ended the response for an unrecognised reason${detail ? ` (${detail})` : ''}.`;
    case 'max-iterations':
      return `Stopped after ${count ?? '?'} model calls (the iteration limit).`;
    case 'wall-clock':
      return `Stopped after ${formatDuration(count ?? 0)} (the time limit for one run).`;
    case 'consecutive-errors':
      return `Stopped after ${count ?? '?'} failed model calls in a row${detail ? `: ${detail}` : '.'}`;
    case 'loop-detected':
      return detail ?? 'Stopped: the agent kept repeating itself.';
    case 'cancelled':
      return 'Stopped by the user.';
    case 'server-restart':
      return detail ?? 'The server stopped before the agent finished. Everything it did so far is kept; unfinished tool calls were closed.';
    case 'awaiting-approval':
      return count === 1 ? 'Waiting for your approval of a tool call.' : `Waiting for your approval of ${count ?? 'some'} tool calls.`;
    case 'paused':
      return `Paused before model call ${count ?? '?'}: look at the request, edit it if you like, then continue.`;
  }
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  return `${Math.round(seconds / 60)} min`;
}
