/** Public API of the agent loop. Framework-free: no Next, React or database imports. */
export { runAgent, historyToModelMessages, SUMMARY_PROMPT } from './loop';
export type { AgentTool, LoopSettings, RunResult } from './types';
export type { LoopCheckpoint, PausedRun } from './checkpoint';
export * from './messages';
export { DEFAULT_LOOP_SETTINGS, resolveSettings } from './settings';
export type { AgentHooks, BeforeToolCallContext, BeforeToolCallDecision } from './hooks';
export { toCurl, redactSecrets, type StepTrace } from './trace';
export type { CompactionRequest, CompactFunction } from './budget';
export { DONE_TOOL_NAME } from './done-tool';
export { CANCELLED_TOOL_RESULT } from './tool-executor';
export { estimateTextTokens, estimatePromptTokens } from './usage';
