'use client';

import type { ReactNode } from 'react';
import { lazyPart } from '@/components/ui/lazy-part';
import { FailedAttemptRow } from '@/components/agent/failed-attempt-row';
import { NudgeRow } from '@/components/agent/nudge-row';
import { RetryNoticeRow } from '@/components/agent/retry-notice';
import { isRetryableRunEnd, RunEndBanner } from '@/components/agent/run-end-banner';
import { ToolNoticeRow } from '@/components/agent/tool-notice-row';
import { UnreadableMessagePart } from '@/components/chat/unreadable-message-part';
import { ToolsLeftOutRow } from '@/components/agent/tools-left-out-row';
import type { AgentUIMessagePart } from '@/lib/agent/messages';

// Cards only some sessions ever show are their own chunks, fetched when one is drawn: step mode's paused request
// (with its request editor), and an MCP server's questions (elicitation) and sampling requests.
const PausedRequestCard = lazyPart(() => import('@/components/agent/paused-request-card').then((module) => module.PausedRequestCard));
const ElicitationCard = lazyPart(() => import('@/components/agent/elicitation-card').then((module) => module.ElicitationCard));
const SamplingCard = lazyPart(() => import('@/components/agent/sampling-card').then((module) => module.SamplingCard));

/**
 * Every data part type of AgentUIMessage, and how the transcript draws it: a
 * renderer, or `'hidden'` with the reason in a comment. The `satisfies` below
 * makes this exhaustive: a new entry in AgentDataTypes without one here fails
 * `tsc`, instead of rendering nothing without anyone noticing.
 */

export type DataPartType = Extract<AgentUIMessagePart['type'], `data-${string}`>;
export type DataPartOf<T extends DataPartType> = Extract<AgentUIMessagePart, { type: T }>;

export interface DataPartContext {
  messageId: string;
  index: number;
  messageStreaming: boolean;
  /** No later visible part exists: live notices (retries) are only live while they are the newest thing. */
  isNewest: boolean;
  /** Offered on a failed run's banner (only for the latest message). */
  onRetry?: () => void;
}

interface DataPartRenderer<T extends DataPartType> {
  render(part: DataPartOf<T>, context: DataPartContext): ReactNode;
  /** Whether the part draws anything (the thinking indicator and "is the message empty" use it). */
  visible(part: DataPartOf<T>): boolean;
}

/** One entry per data part type, no more and no fewer. */
export type DataPartRegistry = { [T in DataPartType]: DataPartRenderer<T> | 'hidden' };

const always = () => true;

export const DATA_PART_RENDERERS = {
  'data-retry': {
    render: (part, { messageId, index, messageStreaming, isNewest }) => (
      <RetryNoticeRow notice={part.data} live={messageStreaming && isNewest} timingKey={`retry:${messageId}:${part.id ?? index}:${part.data.attempt}`} />
    ),
    visible: always,
  },
  'data-step-error': {
    render: (part) => <FailedAttemptRow notice={part.data} />,
    visible: always,
  },
  'data-nudge': {
    render: (part) => <NudgeRow nudge={part.data} />,
    visible: always,
  },
  'data-tool-notice': {
    render: (part) => <ToolNoticeRow notice={part.data} />,
    visible: always,
  },
  // The tool cap's left-out list (shown while anything is left out).
  'data-tools-left-out': {
    render: (part) => <ToolsLeftOutRow notice={part.data} />,
    visible: (part) => part.data.leftOut.length > 0,
  },
  // A stored message that failed validation on load: the whole message is this stand-in.
  'data-unreadable-message': {
    render: (part) => <UnreadableMessagePart notice={part.data} />,
    visible: always,
  },
  'data-run-end': {
    render: (part, { onRetry }) => <RunEndBanner runEnd={part.data} onRetry={isRetryableRunEnd(part.data) ? onRetry : undefined} />,
    // A run that simply finished needs no banner.
    visible: (part) => part.data.reason !== 'completed' && part.data.reason !== 'done-tool',
  },
  // Drawn on the tool call's card (AssistantMessage collects them by tool call id), not as a row of its own.
  'data-tool-decision': 'hidden',
  // Drawn on the tool call's card too ("Arguments edited by you…"), collected by AssistantMessage.
  'data-tool-edit': 'hidden',
  // A running call's progress bar and its server's log lines, drawn on the call's card (collected by AssistantMessage).
  'data-tool-progress': 'hidden',
  // An MCP server's form or model-call request during a tool call, drawn under that call's card (it follows it in the message).
  'data-elicitation': {
    render: (part, { messageStreaming }) => <ElicitationCard notice={part.data} live={messageStreaming} />,
    visible: always,
  },
  'data-sampling': {
    render: (part, { messageStreaming }) => <SamplingCard notice={part.data} live={messageStreaming} />,
    visible: always,
  },
  // Step mode: the request the run waits to send (Continue / Edit / Stop), then one line saying how it went on.
  'data-model-pause': {
    render: (part, { messageStreaming }) => <PausedRequestCard notice={part.data} streaming={messageStreaming} />,
    visible: always,
  },
  // Transient: useSessionChat's onData refreshes the context meter and dividers; never stored in a message.
  'data-compaction': 'hidden',
  // Transient, like data-compaction: the meter's live figure.
  'data-context': 'hidden',
  // Only in user messages, drawn as attachment chips by UserMessage (components/chat/resource-chips.tsx).
  'data-mcp-resource': 'hidden',
} satisfies DataPartRegistry;

function entryFor<T extends DataPartType>(part: DataPartOf<T>): DataPartRenderer<T> | 'hidden' {
  return DATA_PART_RENDERERS[(part as { type: T }).type] as DataPartRenderer<T> | 'hidden';
}

export function renderDataPart<T extends DataPartType>(part: DataPartOf<T>, context: DataPartContext): ReactNode {
  const entry = entryFor(part);
  return entry === 'hidden' ? null : entry.render(part, context);
}

export function isVisibleDataPart<T extends DataPartType>(part: DataPartOf<T>): boolean {
  const entry = entryFor(part);
  return entry !== 'hidden' && entry.visible(part);
}
