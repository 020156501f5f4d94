'use client';

import { isToolUIPart } from 'ai';
import { memo, useMemo } from 'react';
import { ToolDecisionsProvider, ToolEditsProvider } from '@/components/agent/approval-context';
import { isRetryableRunEnd, RunEndBanner } from '@/components/agent/run-end-banner';
import { toolProgressByCall, ToolProgressProvider } from '@/components/agent/tool-progress';
import { AssistantPart, isVisiblePart } from '@/components/chat/assistant-part';
import { MessageFooter } from '@/components/chat/message-footer';
import { ModelSilenceHint } from '@/components/chat/model-silence-hint';
import { ThinkingIndicator } from '@/components/chat/thinking-indicator';
import type { AgentUIMessage, AgentUIMessagePart, ToolDecisionNotice, ToolEditNotice } from '@/lib/agent/messages';

function partKey(part: AgentUIMessagePart, index: number): string {
  if (isToolUIPart(part)) return `tool:${part.toolCallId}`;
  if (part.type.startsWith('data-') && 'id' in part && part.id) return `${part.type}:${part.id}`;
  return `${part.type}:${index}`;
}

/**
 * The agent's turn, full width: reasoning, text, tool cards and notices in the order they happened.
 * Memoised: useChat keeps an unchanged message's object, so a streaming token renders only the message it belongs to.
 */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  streaming,
  onRetry,
}: {
  message: AgentUIMessage;
  streaming: boolean;
  onRetry?: () => void;
}) {
  const parts = message.parts;
  let lastVisible = -1;
  parts.forEach((part, index) => {
    if (isVisiblePart(part)) lastVisible = index;
  });
  const hasRunEndPart = parts.some((part) => part.type === 'data-run-end');
  const runEnd = message.metadata?.runEnd;
  // Waiting for the model between steps (after a tool result, before the next chunk).
  const waiting = streaming && (lastVisible === -1 || waitingAfter(parts[lastVisible]));
  // The model is expected to send something now (not a tool running, not a retry waiting out its delay).
  const awaitingModel = waiting || (streaming && lastVisible >= 0 && isStreamingText(parts[lastVisible]));
  const decisions = useMemo(() => toolDecisions(parts), [parts]);
  const edits = useMemo(() => toolEdits(parts), [parts]);
  const progress = useMemo(() => toolProgressByCall(parts), [parts]);

  return (
    <article
      className="flex flex-col gap-2"
      data-testid="message-assistant"
      data-message-id={message.id}
      data-streaming={streaming || undefined}
      aria-busy={streaming || undefined}
    >
      <ToolDecisionsProvider value={decisions}>
        <ToolEditsProvider value={edits}>
          <ToolProgressProvider value={progress}>
            <div className="flex min-w-0 flex-col gap-3">
              {parts.map((part, index) => (
                <AssistantPart
                  key={partKey(part, index)}
                  part={part}
                  messageId={message.id}
                  index={index}
                  messageStreaming={streaming}
                  isNewest={index >= lastVisible}
                  onRetry={onRetry}
                />
              ))}
              {!hasRunEndPart && runEnd && <RunEndBanner runEnd={runEnd} onRetry={isRetryableRunEnd(runEnd) ? onRetry : undefined} />}
              {waiting && <ThinkingIndicator />}
              {awaitingModel && <ModelSilenceHint message={message} />}
            </div>
          </ToolProgressProvider>
        </ToolEditsProvider>
      </ToolDecisionsProvider>
      {!streaming && <MessageFooter message={message} />}
    </article>
  );
});

/** After a finished tool call or a nudge, nothing shows that the agent is still working. */
function waitingAfter(part: AgentUIMessagePart): boolean {
  if (isToolUIPart(part)) return part.state === 'output-available' || part.state === 'output-error' || part.state === 'output-denied';
  return part.type === 'data-nudge';
}

function isStreamingText(part: AgentUIMessagePart): boolean {
  return (part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming';
}

/** Why each tool call ran or not (the loop's data-tool-decision parts), by tool call id. */
function toolDecisions(parts: AgentUIMessagePart[]): Map<string, ToolDecisionNotice> {
  const map = new Map<string, ToolDecisionNotice>();
  for (const part of parts) if (part.type === 'data-tool-decision') map.set(part.data.toolCallId, part.data);
  return map;
}

/** Arguments the user edited before approving (the loop's data-tool-edit parts), by tool call id. */
function toolEdits(parts: AgentUIMessagePart[]): Map<string, ToolEditNotice> {
  const map = new Map<string, ToolEditNotice>();
  for (const part of parts) if (part.type === 'data-tool-edit') map.set(part.data.toolCallId, part.data);
  return map;
}
