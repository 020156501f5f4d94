import { renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useKeepBottomInView } from '@/components/chat/hooks/use-keep-bottom-in-view';

afterEach(() => vi.unstubAllGlobals());

test('when the composer grows, the newest output stays in view; the observer goes with the view', () => {
  let resize: () => void = () => {};
  const disconnect = vi.fn();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resize = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const scrollToBottom = vi.fn();
  const composer = { current: document.createElement('div') };
  const stick = { current: { scrollToBottom } };
  const { unmount } = renderHook(() => useKeepBottomInView(composer, stick));
  resize();
  expect(scrollToBottom).toHaveBeenCalledWith({ animation: 'instant', preserveScrollPosition: true });
  unmount();
  expect(disconnect).toHaveBeenCalledOnce();
});
