import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useSessionPanels } from '@/components/chat/hooks/use-session-panels';

test('each panel opens and closes on its own', () => {
  const { result } = renderHook(() => useSessionPanels());
  expect(result.current.isOpen('inspector')).toBe(false);
  act(() => result.current.toggle('inspector'));
  act(() => result.current.set('grants', true));
  expect(result.current.isOpen('inspector')).toBe(true);
  expect(result.current.isOpen('grants')).toBe(true);
  expect(result.current.isOpen('settings')).toBe(false);
  act(() => result.current.toggle('inspector'));
  expect(result.current.isOpen('inspector')).toBe(false);
  expect(result.current.isOpen('grants')).toBe(true);
});

test('setting a panel to the state it has changes nothing', () => {
  const { result } = renderHook(() => useSessionPanels());
  const before = result.current;
  act(() => result.current.set('workspace', false));
  expect(result.current).toBe(before);
});
