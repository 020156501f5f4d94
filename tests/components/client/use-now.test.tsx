import { render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useNow } from '@/lib/client/use-now';

afterEach(() => vi.restoreAllMocks());

test('a re-render keeps the clock running instead of restarting it (which reset its time and could render for ever)', () => {
  const setInterval = vi.spyOn(globalThis, 'setInterval');
  function Clock({ label }: { label: string }) {
    const now = useNow(7_777);
    return <p>{label}{now > 0 ? ' ticking' : ''}</p>;
  }
  const { rerender, unmount } = render(<Clock label="a" />);
  rerender(<Clock label="b" />);
  rerender(<Clock label="c" />);
  expect(setInterval.mock.calls.filter(([, ms]) => ms === 7_777)).toHaveLength(1);
  unmount();
});
