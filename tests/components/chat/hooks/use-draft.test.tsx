import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useDraft } from '@/components/chat/hooks/use-draft';

test('a sent message comes back when the server refused it', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.setDraft('hello'));
  act(() => result.current.markSent('hello'));
  expect(result.current.draft).toBe('');
  act(() => result.current.restore());
  expect(result.current.draft).toBe('hello');
});

test('giving a message back never overwrites what was typed since', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.markSent('first'));
  act(() => result.current.setDraft('something new'));
  act(() => result.current.restore());
  expect(result.current.draft).toBe('something new');
  act(() => result.current.setDraft('  '));
  act(() => result.current.restore('explicit text'));
  expect(result.current.draft).toBe('explicit text');
});

test('fill replaces the text (an example prompt)', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.setDraft('old'));
  act(() => result.current.fill('Example prompt'));
  expect(result.current.draft).toBe('Example prompt');
});
