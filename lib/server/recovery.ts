import type { Db } from '@/db/client';
import { getMessage, saveMessage } from '@/db/queries/messages';
import { finishRun, listRunningRuns } from '@/db/queries/runs';
import type { AgentUIMessage, AgentUIMessagePart, RunEnd } from '@/lib/agent/messages';

const INTERRUPTED: RunEnd = {
  reason: 'interrupted',
  message: 'The server stopped during this run. Everything up to the last completed step was saved.',
};
const INTERRUPTED_TOOL_TEXT = 'interrupted: the server stopped before this tool call finished';

/**
 * Closes a message a dead process left mid-run: every tool call without a
 * result gets an error result, so the history stays valid for the next turn.
 */
export function closeInterruptedMessage(message: AgentUIMessage): AgentUIMessage {
  const parts = message.parts.map((part): AgentUIMessagePart => {
    if (!('toolCallId' in part) || !('state' in part)) return part;
    if (part.state !== 'input-streaming' && part.state !== 'input-available') return part;
    return { ...part, state: 'output-error', errorText: INTERRUPTED_TOOL_TEXT } as unknown as AgentUIMessagePart;
  });
  return { ...message, parts, metadata: { ...message.metadata, runEnd: message.metadata?.runEnd ?? INTERRUPTED } };
}

/**
 * Runs still marked running when this process starts belonged to a process
 * that died (single-instance deployment: with several instances, durable runs
 * will own this through their event log).
 */
export async function recoverOrphanedRuns(db: Db): Promise<number> {
  const orphans = await listRunningRuns(db);
  for (const run of orphans) {
    const message = await getMessage(db, run.ownerId, run.messageId);
    if (message) await saveMessage(db, run.ownerId, run.sessionId, closeInterruptedMessage(message));
    await finishRun(db, run.id, { status: 'failed', endReason: 'interrupted' });
  }
  return orphans.length;
}
