import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { vi } from 'vitest';
import type { ApprovalActions } from '@/components/agent/approval-context';
import type { ToolPart } from '@/components/agent/tool-part';
import type { SessionContextValue } from '@/components/context/session-context';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { ContextReport } from '@/lib/api-types';

/**
 * Shared builders for the component tests. The app mounts every view inside a
 * TooltipProvider (app/layout.tsx); copy and pin buttons need it.
 */
export function renderInApp(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: AppProviders, ...options });
}

function AppProviders({ children }: { children: ReactNode }) {
  return <TooltipProvider delayDuration={0}>{children}</TooltipProvider>;
}

/** Activity timings are keyed by tool call id in a module-level map: every test gets fresh ids. */
let sequence = 0;
export function uniqueId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

export function approvalActions(overrides: Partial<ApprovalActions> = {}): ApprovalActions {
  return {
    canAnswer: true,
    answer: vi.fn<ApprovalActions['answer']>(),
    approveAll: vi.fn<ApprovalActions['approveAll']>(),
    pendingIds: [],
    ...overrides,
  };
}

// ---- Tool parts, one per state, shaped like the AI SDK's ToolUIPart ----

export function calculatorRunning(toolCallId = uniqueId('call')): ToolPart {
  return { type: 'tool-calculator', toolCallId, state: 'input-available', input: { expression: '17 * 23' } };
}

export function calculatorStreaming(toolCallId = uniqueId('call')): ToolPart {
  return { type: 'tool-calculator', toolCallId, state: 'input-streaming', input: undefined, rawInput: '{"expression":"17 *' };
}

export function calculatorDone(toolCallId = uniqueId('call')): ToolPart {
  return { type: 'tool-calculator', toolCallId, state: 'output-available', input: { expression: '17 * 23' }, output: { result: 391 } };
}

export function bashError(toolCallId = uniqueId('call')): ToolPart {
  return {
    type: 'tool-bash',
    toolCallId,
    state: 'output-error',
    input: { command: 'cat missing.txt' },
    errorText: 'Tool timed out after 30000 ms',
  };
}

export function writeFileDenied(toolCallId = uniqueId('call'), reason?: string): ToolPart {
  return {
    type: 'tool-write_file',
    toolCallId,
    state: 'output-denied',
    input: { path: 'notes.md', content: 'hello' },
    approval: { id: `approval-${toolCallId}`, approved: false, ...(reason ? { reason } : {}) },
  };
}

export function writeFileAwaiting(toolCallId = uniqueId('call'), requestReason?: string): ToolPart & { state: 'approval-requested' } {
  return {
    type: 'tool-write_file',
    toolCallId,
    state: 'approval-requested',
    input: { path: 'notes.md', content: 'hello' },
    approval: { id: `approval-${toolCallId}`, ...(requestReason ? { requestReason } : {}) },
  };
}

// ---- The session context (meter, dividers, pins) ----

export function contextReport(overrides: Partial<ContextReport> = {}): ContextReport {
  return {
    tokens: 96_000,
    estimated: false,
    reportedTokens: 96_000,
    breakdown: { system: 4_000, tools: 8_000, conversation: 60_000, toolOutputs: 24_000 },
    window: 200_000,
    windowSource: 'catalog',
    catalogMatch: 'gpt-4.1-mini',
    thresholds: { window: 200_000, warnAt: 140_000, compactAt: 170_000, compactTarget: 100_000, manualTarget: 80_000, hardLimit: 190_000 },
    level: 'ok',
    percent: 48,
    untilCompaction: 74_000,
    usage: { inputTokens: 120_000, cachedInputTokens: 20_000, outputTokens: 3_500, reasoningTokens: 700, estimated: false },
    cost: 0.0412,
    compactions: [],
    pinned: [],
    ...overrides,
  };
}

export function sessionContext(overrides: Partial<SessionContextValue> = {}): SessionContextValue {
  return {
    sessionId: 'session-1',
    report: contextReport(),
    refresh: vi.fn(),
    pinned: new Set<string>(),
    togglePin: vi.fn(async () => {}),
    compact: vi.fn(async () => undefined),
    compacting: false,
    undo: vi.fn(async () => {}),
    newSessionFromSummary: vi.fn(async () => {}),
    running: false,
    ...overrides,
  };
}
