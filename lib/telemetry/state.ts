/**
 * What instrumentation.ts started, for the route code: Next bundles the two apart, so
 * module state is not shared and this lives on globalThis (as the run registry does).
 */
interface TracingState {
  /** Exports every ended span now (set once tracing started). */
  flush?: () => Promise<void>;
}

export function tracingState(): TracingState {
  const holder = globalThis as { __agentPlaygroundTracing?: TracingState };
  return (holder.__agentPlaygroundTracing ??= {});
}
