import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { json, session, stubApi, withSessions } from './fake-api';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/client/toast', () => ({ toast: { error: toastError } }));
const { useSessionFields } = await import('@/components/chat/hooks/use-session-fields');
const { useSessions } = await import('@/components/sessions/sessions-provider');

afterEach(() => vi.unstubAllGlobals());

function renderFields() {
  return renderHook(() => ({ fields: useSessionFields(session()), list: useSessions() }), { wrapper: withSessions() });
}

test('a new model is shown at once, saved, and the sidebar takes the saved session', async () => {
  const api = stubApi({ 'PATCH /api/sessions/s1': (call) => json({ session: session({ ...(call.body as object), updatedAt: 7 }) }) });
  const { result } = renderFields();
  await act(() => result.current.fields.changeModel('openai:gpt-5'));
  expect(result.current.fields.modelKey).toBe('openai:gpt-5');
  expect(api.calls[0]).toMatchObject({ method: 'PATCH', body: { modelKey: 'openai:gpt-5' } });
  expect(result.current.list.sessions[0]).toMatchObject({ modelKey: 'openai:gpt-5', updatedAt: 7 });
});

test('a permission mode the server refuses goes back, with a toast', async () => {
  stubApi({ 'PATCH /api/sessions/s1': () => json({ error: { code: 'db_busy', message: 'The database is busy.' } }, 503) });
  const { result } = renderFields();
  await act(() => result.current.fields.changePermissionMode('auto'));
  expect(result.current.fields.permissionMode).toBe('ask');
  expect(toastError).toHaveBeenCalledWith('Could not switch the permission mode', { description: 'The database is busy.' });
  expect(result.current.list.sessions[0]!.permissionMode).toBe('ask');
});
