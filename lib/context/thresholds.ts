import type { LoopSettings } from '@/lib/agent/types';
import type { ContextLevel } from './types';

export type { ContextLevel };

/**
 * The context thresholds in tokens for one window. The meter draws these and
 * the compaction trigger decides with them: both call `contextThresholds`.
 */

export type ThresholdSettings = Pick<
  LoopSettings,
  'contextWarnPercent' | 'autoCompactPercent' | 'compactTargetPercent' | 'hardLimitPercent' | 'manualCompactTargetPercent'
>;

export interface ContextThresholds {
  window: number;
  /** The meter turns amber here and a notice appears. */
  warnAt: number;
  /** A request above this is compacted first. */
  compactAt: number;
  /** Auto-compaction shrinks the context to at most this. */
  compactTarget: number;
  /** `/compact` shrinks the context to at most this. */
  manualTarget: number;
  /** Above this after compaction, the run ends with "context limit exceeded". */
  hardLimit: number;
}


export function contextThresholds(window: number, settings: ThresholdSettings): ContextThresholds {
  const at = (percent: number) => Math.floor((window * percent) / 100);
  const hardLimit = at(settings.hardLimitPercent);
  const compactAt = Math.min(at(settings.autoCompactPercent), hardLimit);
  return {
    window,
    warnAt: Math.min(at(settings.contextWarnPercent), compactAt),
    compactAt,
    // A target above the trigger would compact forever; keep it below.
    compactTarget: Math.min(at(settings.compactTargetPercent), compactAt),
    manualTarget: Math.min(at(settings.manualCompactTargetPercent), compactAt),
    hardLimit,
  };
}

/** Auto-compaction runs when the next request would exceed the trigger. */
export function shouldCompact(tokens: number, thresholds: ContextThresholds): boolean {
  return tokens > thresholds.compactAt;
}

export function exceedsHardLimit(tokens: number, thresholds: ContextThresholds): boolean {
  return tokens > thresholds.hardLimit;
}

/** ok → warn (amber) at the warn threshold → over (red) past the hard limit. */
export function contextLevel(tokens: number, thresholds: ContextThresholds): ContextLevel {
  if (tokens > thresholds.hardLimit) return 'over';
  if (tokens >= thresholds.warnAt) return 'warn';
  return 'ok';
}

/** Tokens left before auto-compaction triggers (0 when past it). */
export function tokensUntilCompaction(tokens: number, thresholds: ContextThresholds): number {
  return Math.max(0, thresholds.compactAt - tokens);
}

/** What the meter draws of a context size: the report (GET …/context) and a run's budget checks both use this. */
export function meterFigures(tokens: number, thresholds: ContextThresholds): { window: number; level: ContextLevel; percent: number; untilCompaction: number } {
  const { window } = thresholds;
  return { window, level: contextLevel(tokens, thresholds), percent: window > 0 ? (tokens / window) * 100 : 0, untilCompaction: tokensUntilCompaction(tokens, thresholds) };
}
