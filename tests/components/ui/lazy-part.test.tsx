import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { lazyPart } from '@/components/ui/lazy-part';

function Late({ text }: { text: string }) {
  return <p data-testid="late">{text}</p>;
}

test('a lazy part leaves the rest of the view in place while its chunk loads, then shows up', async () => {
  let arrive: (component: typeof Late) => void = () => undefined;
  const Part = lazyPart(() => new Promise<typeof Late>((resolve) => (arrive = resolve)));
  render(
    <article>
      <h2>Tool card</h2>
      <Part text="Approve?" />
    </article>,
  );
  // Without a boundary of its own, the suspension would hide everything up to the nearest boundary above.
  expect(screen.getByRole('heading', { name: 'Tool card' })).toBeTruthy();
  expect(screen.queryByTestId('late')).toBeNull();
  arrive(Late);
  expect((await screen.findByTestId('late')).textContent).toBe('Approve?');
  expect(screen.getByRole('heading', { name: 'Tool card' })).toBeTruthy();
});

test('preload fetches the chunk before the part is drawn', async () => {
  let loads = 0;
  const Part = lazyPart(async () => {
    loads += 1;
    return Late;
  });
  Part.preload();
  expect(loads).toBe(1);
  render(<Part text="Ready" />);
  expect((await screen.findByTestId('late')).textContent).toBe('Ready');
});
