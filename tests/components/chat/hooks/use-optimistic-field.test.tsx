import { act, renderHook } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/client/toast', () => ({ toast: { error: toastError } }));
const { useOptimisticField } = await import('@/components/chat/hooks/use-optimistic-field');
const { ApiRequestError } = await import('@/lib/client/api-error');

beforeEach(() => toastError.mockClear());

test('the new value shows at once and stays when the server saves it', async () => {
  let release: () => void = () => {};
  const save = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
  const { result } = renderHook(() => useOptimisticField<string>('a', save, 'Could not switch'));
  let pending: Promise<void> = Promise.resolve();
  act(() => {
    pending = result.current[1]('b');
  });
  expect(result.current[0]).toBe('b');
  await act(async () => {
    release();
    await pending;
  });
  expect(result.current[0]).toBe('b');
  expect(save).toHaveBeenCalledWith('b');
  expect(toastError).not.toHaveBeenCalled();
});

test('a failed save puts the old value back and says why', async () => {
  const save = vi.fn(async () => {
    throw new ApiRequestError('The database is busy.', 503, 'db_busy');
  });
  const { result } = renderHook(() => useOptimisticField('ask', save, 'Could not switch the permission mode'));
  await act(() => result.current[1]('auto'));
  expect(result.current[0]).toBe('ask');
  expect(toastError).toHaveBeenCalledWith('Could not switch the permission mode', { description: 'The database is busy.' });
});

test('two quick changes roll back to the value before the failed one', async () => {
  const save = vi.fn(async (value: string) => {
    if (value === 'c') throw new ApiRequestError('No.', 400, 'bad_request');
  });
  const { result } = renderHook(() => useOptimisticField<string>('a', save, 'Could not switch'));
  await act(() => result.current[1]('b'));
  await act(() => result.current[1]('c'));
  expect(result.current[0]).toBe('b');
});
