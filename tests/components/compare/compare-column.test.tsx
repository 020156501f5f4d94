import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { CompareColumnView } from '@/lib/api/compare-request';
import type { RunSummary } from '@/lib/api-types';
import type { ModelInfo } from '@/lib/models/types';
import { json, session, stubApi, withSessions, type ApiCall } from '../chat/hooks/fake-api';

vi.mock('@/lib/client/toast', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const { CompareColumn } = await import('@/components/compare/compare-column');
const { ColumnStats } = await import('@/components/compare/column-stats');
const { useDraft } = await import('@/components/chat/hooks/use-draft');
const { storePendingMessage } = await import('@/lib/client/pending-message');

const USAGE = { inputTokens: 1_200, cachedInputTokens: 200, outputTokens: 300, reasoningTokens: 0, estimated: false };

/** The chat route's answer: one assistant message with `text` and its usage in the metadata; held open until `release` resolves. */
function replyStream(text: string, release: Promise<void> = Promise.resolve()): Response {
  const chunks = [
    { type: 'start', messageId: 'a-reply', messageMetadata: { model: 'openai:gpt-4.1-mini' } },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', messageMetadata: { usage: USAGE } },
  ];
  const frames = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(frames.slice(0, 3).join('')));
      await release;
      controller.enqueue(encoder.encode(frames.slice(3).join('') + 'data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } });
}

const MODEL: ModelInfo = {
  key: 'openai:gpt-4.1-mini',
  provider: 'openai',
  providerLabel: 'OpenAI',
  modelId: 'gpt-4.1-mini',
  label: 'gpt-4.1-mini',
  api: 'responses',
  contextWindow: 1_047_576,
  pricing: { input: 0.4, cachedInput: 0.1, output: 1.6 },
  capabilities: { images: true, reasoning: false, temperature: true, topP: true, reasoningEffort: false },
};

const run = (overrides: Partial<RunSummary> = {}): RunSummary => ({
  id: 'r1',
  messageId: 'a-reply',
  modelKey: MODEL.key,
  status: 'completed',
  endReason: 'completed',
  usage: USAGE,
  startedAt: 10_000,
  endedAt: 12_500,
  ...overrides,
});

function column(id: string): CompareColumnView {
  return { session: session({ id, modelKey: MODEL.key }), settings: { temperature: 0.3 }, messages: [], history: { earlierId: null, usageBefore: null, todosBefore: null } };
}

function renderColumn(view: CompareColumnView, callbacks: { onContinue?: (id: string) => void; onInspect?: (id: string) => void } = {}) {
  const onControls = vi.fn();
  function Harness() {
    const draft = useDraft();
    return (
      <CompareColumn
        column={view}
        index={1}
        model={MODEL}
        draft={draft}
        onControls={onControls}
        onInspect={callbacks.onInspect ?? vi.fn()}
        onContinue={callbacks.onContinue ?? vi.fn()}
        continuing={false}
      />
    );
  }
  const Sessions = withSessions([]);
  render(
    <Sessions>
      <TooltipProvider>
        <Harness />
      </TooltipProvider>
    </Sessions>,
  );
  return { onControls };
}

const chatPosts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/chat');

afterEach(() => vi.unstubAllGlobals());

test('sends the prompt the compare page left for it, on its own model, and shows the reply with its usage, cost and duration', async () => {
  let runs: RunSummary[] = [];
  const api = stubApi({ 'POST /api/chat': () => replyStream('Plan: three steps.'), 'GET /api/sessions/c1/runs': () => json({ runs }) });
  runs = [run()];
  storePendingMessage('c1', 'Make a plan');
  renderColumn(column('c1'));

  const section = screen.getByRole('region', { name: 'Column 2: gpt-4.1-mini' });
  await waitFor(() => expect(within(section).getByText('Plan: three steps.')).toBeTruthy());
  expect(chatPosts(api.calls)).toHaveLength(1);
  expect(chatPosts(api.calls)[0]!.body).toMatchObject({ sessionId: 'c1', modelKey: MODEL.key, message: { parts: [{ type: 'text', text: 'Make a plan' }] } });
  expect(within(section).getByText('OpenAI · temperature 0.3')).toBeTruthy();

  await waitFor(() => expect(screen.getByTestId('compare-duration').textContent).toBe('2.5 s'));
  expect(screen.getByTestId('compare-usage').textContent).toBe('1.2k in · 300 out');
  // 1,000 fresh × $0.40 + 200 cached × $0.10 + 300 × $1.60, per million.
  expect(screen.getByTestId('compare-cost').textContent).toBe('$0.0009');
  expect(screen.getByTestId('compare-stats').dataset.live).toBeUndefined();
});

test('hands its controls to the comparison: a follow-up sent through them goes to this session; Inspect and Continue name it', async () => {
  let finish = () => {};
  const released = new Promise<void>((resolve) => (finish = resolve));
  const api = stubApi({ 'POST /api/chat': () => replyStream('Again.', released), 'GET /api/sessions/c2/runs': () => json({ runs: [] }) });
  const onContinue = vi.fn();
  const onInspect = vi.fn();
  const { onControls } = renderColumn(column('c2'), { onContinue, onInspect });
  expect(screen.getByText('Waiting for the prompt…')).toBeTruthy();

  await waitFor(() => expect(onControls).toHaveBeenCalledWith('c2', expect.objectContaining({ busy: false })));
  const controls = onControls.mock.calls.at(-1)![1] as { send: (text: string) => void };
  act(() => controls.send('Follow-up'));
  // While it streams, the comparison hears that this column is busy (its composer offers Stop).
  await waitFor(() => expect(onControls).toHaveBeenLastCalledWith('c2', expect.objectContaining({ busy: true })));
  expect(screen.getByRole('region', { name: 'Column 2: gpt-4.1-mini' }).dataset.status).toBe('streaming');
  act(() => finish());
  await waitFor(() => expect(onControls).toHaveBeenLastCalledWith('c2', expect.objectContaining({ busy: false })));
  expect(screen.getByText('Again.')).toBeTruthy();
  expect(chatPosts(api.calls)[0]!.body).toMatchObject({ sessionId: 'c2', message: { parts: [{ type: 'text', text: 'Follow-up' }] } });

  await userEvent.click(screen.getByTestId('compare-continue'));
  expect(onContinue).toHaveBeenCalledWith('c2');
  await userEvent.click(screen.getByRole('button', { name: 'Inspect column 2' }));
  expect(onInspect).toHaveBeenCalledWith('c2');
});

test('figures: live while a run is going, an unknown price is not $0, nothing yet is a dash', () => {
  const { rerender } = render(<ColumnStats usage={undefined} pricing={undefined} runs={undefined} />);
  expect(screen.getByTestId('compare-usage').textContent).toBe('–');
  expect(screen.getByTestId('compare-cost').textContent).toBe('–');
  expect(screen.getByTestId('compare-duration').textContent).toBe('–');

  rerender(<ColumnStats usage={{ ...USAGE, estimated: true }} pricing={undefined} runs={[run({ status: 'running', endedAt: null, startedAt: Date.now() - 3_000 })]} />);
  expect(screen.getByTestId('compare-stats').dataset.live).toBe('true');
  expect(screen.getByTestId('compare-usage').textContent).toBe('≈ 1.2k in · 300 out');
  expect(screen.getByTestId('compare-cost').textContent).toBe('–');
  expect(screen.getByTestId('compare-cost').parentElement!.getAttribute('title')).toBe('No list price is known for this model');
  // Counted from the run's start up to now: at least the 3 s it has been going.
  expect(Number.parseFloat(screen.getByTestId('compare-duration').textContent!)).toBeGreaterThanOrEqual(3);

  // Two runs (a follow-up): their times add up.
  rerender(<ColumnStats usage={USAGE} pricing={MODEL.pricing} runs={[run(), run({ id: 'r2', startedAt: 20_000, endedAt: 21_000 })]} />);
  expect(screen.getByTestId('compare-stats').dataset.live).toBeUndefined();
  expect(screen.getByTestId('compare-duration').textContent).toBe('3.5 s');
});
