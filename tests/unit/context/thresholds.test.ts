import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOP_SETTINGS } from '@/lib/agent/settings';
import { contextLevel, contextThresholds, exceedsHardLimit, shouldCompact, tokensUntilCompaction } from '@/lib/context/thresholds';

const t = contextThresholds(200_000, DEFAULT_LOOP_SETTINGS);

describe('context thresholds (production defaults)', () => {
  it('derives 80 / 90 / 82 / 95 / 50 percent of the window', () => {
    expect(t).toEqual({ window: 200_000, warnAt: 160_000, compactAt: 180_000, compactTarget: 164_000, manualTarget: 100_000, hardLimit: 190_000 });
  });

  it('warns (amber) from 80%', () => {
    expect(contextLevel(159_999, t)).toBe('ok');
    expect(contextLevel(160_000, t)).toBe('warn');
    expect(contextLevel(190_000, t)).toBe('warn');
  });

  it('auto-compacts only when the next request would exceed 90%', () => {
    expect(shouldCompact(180_000, t)).toBe(false);
    expect(shouldCompact(180_001, t)).toBe(true);
    expect(tokensUntilCompaction(96_000, t)).toBe(84_000);
    expect(tokensUntilCompaction(185_000, t)).toBe(0);
  });

  it('treats anything above 95% as over the hard limit (red)', () => {
    expect(exceedsHardLimit(190_000, t)).toBe(false);
    expect(exceedsHardLimit(190_001, t)).toBe(true);
    expect(contextLevel(190_001, t)).toBe('over');
  });

  it('keeps the target below the trigger and the trigger below the hard limit, whatever the settings say', () => {
    const odd = contextThresholds(1000, { ...DEFAULT_LOOP_SETTINGS, autoCompactPercent: 99, hardLimitPercent: 90, compactTargetPercent: 95 });
    expect(odd.compactAt).toBe(900);
    expect(odd.compactTarget).toBeLessThanOrEqual(odd.compactAt);
  });
});
