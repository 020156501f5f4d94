'use client';

import { isToolUIPart } from 'ai';
import { NudgeRow } from '@/components/agent/nudge-row';
import { ReasoningBlock } from '@/components/agent/reasoning-block';
import { RetryNoticeRow } from '@/components/agent/retry-notice';
import { isRetryableRunEnd, RunEndBanner } from '@/components/agent/run-end-banner';
import { ToolCard } from '@/components/agent/tool-card';
import { ToolNoticeRow } from '@/components/agent/tool-notice-row';
import { Markdown } from '@/components/chat/markdown';
import type { AgentUIMessagePart } from '@/lib/agent/messages';

/**
 * One part of an assistant message, in stream order. Tool calls go through
 * the tool registry (inside ToolCard); the other kinds are few and fixed.
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
    case 'data-retry':
      return (
        <RetryNoticeRow
          notice={part.data}
          live={messageStreaming && isNewest}
          timingKey={`retry:${messageId}:${part.id ?? index}:${part.data.attempt}`}
        />
      );
    case 'data-nudge':
      return <NudgeRow nudge={part.data} />;
    case 'data-tool-notice':
      return <ToolNoticeRow notice={part.data} />;
    case 'data-run-end':
      return <RunEndBanner runEnd={part.data} onRetry={isRetryableRunEnd(part.data) ? onRetry : undefined} />;
    default:
      // step-start, sources, files: nothing to draw in this transcript.
      return null;
  }
}

/** Parts that draw nothing; used to tell whether a message has visible content yet. */
export function isVisiblePart(part: AgentUIMessagePart): boolean {
  if (isToolUIPart(part)) return true;
  switch (part.type) {
    case 'text':
      return part.text.length > 0;
    case 'reasoning':
    case 'data-retry':
    case 'data-nudge':
    case 'data-tool-notice':
      return true;
    case 'data-run-end':
      return part.data.reason !== 'completed' && part.data.reason !== 'done-tool';
    default:
      return false;
  }
}
