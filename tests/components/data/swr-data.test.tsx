import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ToolGrant } from '@/lib/api-types';
import { json, session, stubApi } from '../chat/hooks/fake-api';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/client/toast', () => ({ toast }));

const { useGrants, useRuns } = await import('@/lib/client/data');
const { GrantsSheet } = await import('@/components/agent/grants-sheet');
const { SessionsProvider, useSessions } = await import('@/components/sessions/sessions-provider');

function FreshCache({ children }: { children: React.ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 2_000, focusThrottleInterval: 0 }}>{children}</SWRConfig>;
}

const grant: ToolGrant = { id: 'g1', toolName: 'bash', scope: 'session', createdAt: Date.UTC(2026, 10, 26, 9, 30) };
const grantsUrl = 'GET /api/sessions/s1/grants';

beforeEach(() => Object.values(toast).forEach((fn) => fn.mockClear()));
afterEach(() => vi.unstubAllGlobals());

test('two components asking for the same list share one request', async () => {
  const api = stubApi({ [grantsUrl]: () => json({ grants: [grant] }) });
  function Both() {
    const first = useGrants('s1', { enabled: true, version: 0 });
    const second = useGrants('s1', { enabled: true, version: 0 });
    return <p>{`${first.data?.length ?? '-'} ${second.data?.length ?? '-'}`}</p>;
  }
  render(<Both />, { wrapper: FreshCache });
  await screen.findByText('1 1');
  expect(api.calls.filter((call) => call.url === '/api/sessions/s1/grants')).toHaveLength(1);
});

test('nothing is read while the panel is closed; a new version reads again', async () => {
  const api = stubApi({ 'GET /api/sessions/s1/runs': () => json({ runs: [] }) });
  const { result, rerender } = renderHook((props: { enabled: boolean; version: number }) => useRuns('s1', props), {
    wrapper: FreshCache,
    initialProps: { enabled: false, version: 0 },
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(api.calls).toHaveLength(0);
  rerender({ enabled: true, version: 0 });
  await waitFor(() => expect(result.current.data).toEqual([]));
  expect(api.calls).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  rerender({ enabled: true, version: 1 });
  await waitFor(() => expect(api.calls).toHaveLength(2));
});

test('the list is read again when the tab regains focus', async () => {
  const api = stubApi({ [grantsUrl]: () => json({ grants: [grant] }) });
  const { result } = renderHook(() => useGrants('s1', { enabled: true, version: 0 }), {
    wrapper: ({ children }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, focusThrottleInterval: 0 }}>{children}</SWRConfig>,
  });
  await waitFor(() => expect(result.current.data).toHaveLength(1));
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  await waitFor(() => expect(api.calls.length).toBe(2));
});

test('revoking a grant removes it at once, and brings it back with a toast when the server refuses', async () => {
  let release: (response: Response) => void = () => {};
  stubApi({
    [grantsUrl]: () => json({ grants: [grant] }),
    'DELETE /api/sessions/s1/grants/g1': () => new Promise<Response>((resolve) => (release = resolve)),
  });
  render(<GrantsSheet sessionId="s1" open onOpenChange={() => {}} refreshKey={0} />, { wrapper: FreshCache });
  await screen.findByTestId('grant-item');
  await userEvent.click(screen.getByRole('button', { name: /revoke/i }));
  await waitFor(() => expect(screen.queryByTestId('grant-item')).toBeNull());
  await act(async () => release(json({ error: { code: 'db_busy', message: 'The database is busy.' } }, 503)));
  await screen.findByTestId('grant-item');
  expect(toast.error).toHaveBeenCalledWith('Could not revoke the grant', { description: 'The database is busy.' });
});

test('a revoked grant stays gone once the server confirms', async () => {
  const api = stubApi({ [grantsUrl]: () => json({ grants: [grant] }), 'DELETE /api/sessions/s1/grants/g1': () => json({ ok: true }) });
  render(<GrantsSheet sessionId="s1" open onOpenChange={() => {}} refreshKey={0} />, { wrapper: FreshCache });
  await screen.findByTestId('grant-item');
  await userEvent.click(screen.getByRole('button', { name: /revoke/i }));
  await screen.findByTestId('grants-empty');
  expect(toast.success).toHaveBeenCalledWith('Bash will ask again');
  expect(api.calls.filter((call) => call.url === '/api/sessions/s1/grants')).toHaveLength(1);
});

test('the session list changes locally at once and reads the server on refresh', async () => {
  const api = stubApi({ 'GET /api/sessions': () => json({ sessions: [session({ title: 'From the server', updatedAt: 5 })] }) });
  const { result } = renderHook(() => useSessions(), {
    wrapper: ({ children }) => (
      <FreshCache>
        <SessionsProvider initialSessions={[session()]}>{children}</SessionsProvider>
      </FreshCache>
    ),
  });
  expect(result.current.sessions.map((s) => s.title)).toEqual(['A session']);
  act(() => result.current.patch('s1', { running: true }));
  expect(result.current.sessions[0]!.running).toBe(true);
  act(() => result.current.upsert(session({ id: 's2', title: 'Newer', updatedAt: 9 })));
  expect(result.current.sessions.map((s) => s.id)).toEqual(['s2', 's1']);
  expect(api.calls).toHaveLength(0);
  await act(() => result.current.refresh());
  expect(result.current.sessions.map((s) => s.title)).toEqual(['From the server']);
});
