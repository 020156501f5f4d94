import type { AgentUIMessage } from '@/lib/agent/messages';

/**
 * Why a queue waits although nothing runs: the last run did not end normally
 * (the server sends queued messages only after completed / done-tool runs).
 * Undefined when nothing holds it.
 */
export function queueHoldReason(messages: readonly AgentUIMessage[]): string | undefined {
  const last = messages.findLast((message) => message.role === 'assistant');
  const reason = last?.metadata?.runEnd?.reason;
  if (!reason || reason === 'completed' || reason === 'done-tool') return undefined;
  if (reason === 'cancelled') return 'held: the last run was stopped.';
  if (reason === 'awaiting-approval') return 'held: the agent waits for your approval. Answer it to continue, or send now (the request then expires).';
  if (reason === 'paused') return 'held: step mode paused the run before a model call. Continue or stop it, or send now (the pause then ends).';
  return 'held: the last run did not finish.';
}
