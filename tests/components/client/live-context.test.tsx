import { act, memo, useState, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { createLiveContext } from '@/lib/client/live-context';

// Why live contexts exist (no Suspense boundary still hydrating is discarded when a value changes) is measured by
// the bench on a built app (bench/diag-fibers.mjs: ~30 markdown boundaries discarded at Send in a 2,000-message
// session before, none after); a happy-dom hydration did not reproduce the discard with a plain context either.

test('readers get every new value by subscription, past a parent that does not render again; outside a provider, the fallback', async () => {
  const Live = createLiveContext<string>('Test', 'no provider');
  let renders = 0;
  const Reader = () => <span data-testid="reader">{Live.useValue()}</span>;
  const Row = memo(function Row() {
    renders++;
    return <Reader />;
  });
  let setValue: (value: string) => void = () => {};
  function App({ children }: { children: ReactNode }) {
    const [value, set] = useState('first');
    setValue = set;
    return <Live.Provider value={value}>{children}</Live.Provider>;
  }
  render(
    <>
      <App>
        <Row />
      </App>
      <Reader />
    </>,
  );
  const [inside, outside] = screen.getAllByTestId('reader');
  expect(inside!.textContent).toBe('first');
  expect(outside!.textContent).toBe('no provider');
  await act(async () => setValue('second'));
  expect(inside!.textContent).toBe('second');
  expect(outside!.textContent).toBe('no provider');
  expect(renders).toBe(1);
  // The same value again notifies nobody.
  await act(async () => setValue('second'));
  expect(inside!.textContent).toBe('second');
});
