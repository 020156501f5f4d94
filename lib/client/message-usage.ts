import { addUsage, emptyUsage, type AgentUIMessage, type UsageTotals } from '@/lib/agent/messages';

/**
 * Sum of the usage metadata of every assistant message in the session: the
 * loaded ones, plus `before` (the server's total for the messages before them).
 */
export function sessionUsage(messages: readonly AgentUIMessage[], before?: UsageTotals | null): UsageTotals | undefined {
  let total: UsageTotals | undefined = before ? normalizeUsage(before) : undefined;
  for (const message of messages) {
    const usage = message.role === 'assistant' ? message.metadata?.usage : undefined;
    if (usage) total = addUsage(total ?? emptyUsage(), normalizeUsage(usage));
  }
  return total;
}

/** Stored usage may miss fields (older rows, providers that omit them). */
export function normalizeUsage(usage: Partial<UsageTotals>): UsageTotals {
  return {
    inputTokens: usage.inputTokens ?? 0,
    cachedInputTokens: usage.cachedInputTokens ?? 0,
    ...(usage.cacheWriteTokens ? { cacheWriteTokens: usage.cacheWriteTokens } : {}),
    outputTokens: usage.outputTokens ?? 0,
    reasoningTokens: usage.reasoningTokens ?? 0,
    estimated: usage.estimated ?? false,
  };
}

