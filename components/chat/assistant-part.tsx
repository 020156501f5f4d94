'use client';

import { isDataUIPart, isToolUIPart } from 'ai';
import { ReasoningBlock } from '@/components/agent/reasoning-block';
import { ToolCard } from '@/components/agent/tool-card';
import { isVisibleDataPart, renderDataPart, type DataPartOf, type DataPartType } from '@/components/chat/data-part-registry';
import { Markdown } from '@/components/chat/markdown';
import type { AgentUIMessagePart } from '@/lib/agent/messages';

/**
 * One part of an assistant message, in stream order. Tool calls go through
 * the tool registry (inside ToolCard), data parts through the data part
 * registry; the remaining kinds are fixed by the SDK and listed exhaustively.
 */
export function AssistantPart({
  part,
  messageId,
  index,
  messageStreaming,
  isNewest,
  onRetry,
}: {
  part: AgentUIMessagePart;
  messageId: string;
  index: number;
  messageStreaming: boolean;
  /** No later visible part exists: live notices (retries) are only live while they are the newest thing. */
  isNewest: boolean;
  /** Offered on a failed run's banner (only for the latest message). */
  onRetry?: () => void;
}) {
  if (isToolUIPart(part)) return <ToolCard part={part} messageStreaming={messageStreaming} />;
  if (isDataUIPart(part)) return renderDataPart(part as DataPartOf<DataPartType>, { messageId, index, messageStreaming, isNewest, onRetry });

  switch (part.type) {
    case 'text':
      if (!part.text) return null;
      return <Markdown text={part.text} streaming={messageStreaming && part.state === 'streaming'} />;
    case 'reasoning':
      return (
        <ReasoningBlock
          text={part.text}
          streaming={messageStreaming && part.state === 'streaming'}
          timingKey={`reasoning:${messageId}:${index}`}
        />
      );
    case 'step-start':
    case 'source-url':
    case 'source-document':
    case 'file':
    case 'reasoning-file':
    case 'custom':
    case 'steering-message':
      // Not produced by this app's loop: nothing to draw in this transcript.
      return null;
    default:
      return unreachable(part);
  }
}

/** Whether a part draws anything; used to tell whether a message has visible content yet. */
export function isVisiblePart(part: AgentUIMessagePart): boolean {
  if (isToolUIPart(part)) return true;
  if (isDataUIPart(part)) return isVisibleDataPart(part as DataPartOf<DataPartType>);
  switch (part.type) {
    case 'text':
      return part.text.length > 0;
    case 'reasoning':
      return true;
    default:
      return false;
  }
}

function unreachable(part: never): null {
  void part;
  return null;
}
