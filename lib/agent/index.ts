/** Public API of the agent loop. Framework-free: no Next, React or database imports. */
export { runAgent, historyToModelMessages, SUMMARY_PROMPT, type LoopState } from './loop';
export type { AgentTool, ToolExecutionContext, LoopSettings, Clock, RunAgentInput, RunResult } from './types';
export * from './messages';
export { DEFAULT_LOOP_SETTINGS, resolveSettings } from './settings';
export { systemClock } from './clock';
export type {
  AgentHooks,
  Hook,
  HookRecord,
  BeforeModelCallContext,
  BeforeModelCallResult,
  AfterModelCallContext,
  BeforeToolCallContext,
  BeforeToolCallDecision,
  AfterToolCallContext,
  AfterToolCallResult,
} from './hooks';
export { toCurl, redactSecrets, type StepTrace, type ToolTrace, type RetryRecord } from './trace';
export type { CompactionRequest, CompactionResult, CompactFunction } from './budget';
export { classifyError, type ClassifiedError, type ErrorCause } from './errors';
export { DONE_TOOL_NAME } from './done-tool';
export { CANCELLED_TOOL_RESULT } from './tool-executor';
export { truncateForModel } from './truncate';
export { estimateTextTokens, estimatePromptTokens } from './usage';
