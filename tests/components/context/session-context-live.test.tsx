import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSessionContextState } from '@/components/context/session-context';
import type { ContextNotice } from '@/lib/agent/messages';
import type { ContextReport } from '@/lib/api-types';
import { contextReport } from '../agent/fixtures';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }), usePathname: () => '/' }));

/**
 * The meter during a run: every budget check of the run arrives as a `data-context` notice with what the meter draws,
 * and the page shows it without reading the whole report again (that read cost the server 20-60 ms at every step,
 * in front of the step's first tokens). The report is read again when a run ends or compacts (`refreshKey`).
 */

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

function notice(overrides: Partial<ContextNotice> = {}): ContextNotice {
  return {
    tokens: 150_000,
    estimated: true,
    reportedTokens: 120_000,
    breakdown: { system: 4_000, tools: 8_000, conversation: 90_000, toolOutputs: 48_000 },
    window: 200_000,
    level: 'warn',
    percent: 75,
    untilCompaction: 20_000,
    ...overrides,
  };
}

let served: ContextReport[];
const reads = vi.fn();

beforeEach(() => {
  served = [contextReport()];
  reads.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      reads(url);
      const report = served.length > 1 ? served.shift()! : served[0];
      return new Response(JSON.stringify({ context: report }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

type Props = { refreshKey: number; live: ContextNotice | null; running: boolean };

function renderState(initial: Props) {
  return renderHook((props: Props) => useSessionContextState({ sessionId: 's1', modelKey: 'openai:gpt-4.1-mini', ...props }), { wrapper, initialProps: initial });
}

describe('the meter during a run', () => {
  test('a budget check is drawn over the report as it arrives, with no read of the report', async () => {
    const { result, rerender } = renderState({ refreshKey: 0, live: null, running: false });
    await waitFor(() => expect(result.current.report?.tokens).toBe(96_000));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads).toHaveBeenCalledWith('/api/sessions/s1/context');

    rerender({ refreshKey: 0, live: notice(), running: true });
    expect(result.current.report).toMatchObject({ tokens: 150_000, estimated: true, level: 'warn', percent: 75, untilCompaction: 20_000 });
    expect(result.current.report?.breakdown.toolOutputs).toBe(48_000);
    // What the notice does not carry stays from the report: thresholds, usage, cost, compactions.
    expect(result.current.report).toMatchObject({ windowSource: 'catalog', cost: 0.0412, usage: { inputTokens: 120_000 } });

    rerender({ refreshKey: 0, live: notice({ tokens: 160_000, percent: 80, untilCompaction: 10_000 }), running: true });
    expect(result.current.report).toMatchObject({ tokens: 160_000, percent: 80 });
    // Let any read that would have been started land: there was none.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reads).toHaveBeenCalledTimes(1);
  });

  test('the run ends: the report is read again and shown over the last budget check', async () => {
    const { result, rerender } = renderState({ refreshKey: 0, live: null, running: false });
    await waitFor(() => expect(result.current.report?.tokens).toBe(96_000));
    rerender({ refreshKey: 0, live: notice(), running: true });
    expect(result.current.report?.tokens).toBe(150_000);

    served = [contextReport({ tokens: 152_000, percent: 76, level: 'warn', usage: { inputTokens: 300_000, cachedInputTokens: 0, outputTokens: 9_000, reasoningTokens: 0, estimated: false } })];
    rerender({ refreshKey: 1, live: notice(), running: false });
    await waitFor(() => expect(result.current.report?.tokens).toBe(152_000));
    expect(result.current.report?.usage.inputTokens).toBe(300_000);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  test('a notice that arrives before the first report is not drawn over nothing: the report shows when it lands', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const respond = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementationOnce(async (...args) => (await gate, respond(...(args as [string]))));

    const { result, rerender } = renderState({ refreshKey: 0, live: null, running: true });
    rerender({ refreshKey: 0, live: notice(), running: true });
    expect(result.current.report).toBeNull();
    release();
    await waitFor(() => expect(result.current.report?.tokens).toBe(96_000));
  });
});
