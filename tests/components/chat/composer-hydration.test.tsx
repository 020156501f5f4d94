import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { Composer } from '@/components/chat/composer';
import { TooltipProvider } from '@/components/ui/tooltip';

function Box({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TooltipProvider>
      <Composer
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        onSend={() => undefined}
        busy={false}
      />
    </TooltipProvider>
  );
}

afterEach(() => document.body.replaceChildren());

test('text typed into the server-rendered box before hydration becomes the draft, and Send is enabled', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Box onChange={() => undefined} />);
  const box = container.querySelector('textarea')!;
  const send = () => container.querySelector('[data-testid="send-button"]')!;
  expect(send().hasAttribute('disabled')).toBe(true);
  box.value = 'typed before the scripts ran';
  const onChange = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Box onChange={onChange} />);
  });
  expect(onChange).toHaveBeenCalledWith('typed before the scripts ran');
  expect(box.value).toBe('typed before the scripts ran');
  expect(send().hasAttribute('disabled')).toBe(false);
});

test('an untouched box reports nothing at hydration', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Box onChange={() => undefined} />);
  const onChange = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Box onChange={onChange} />);
  });
  expect(onChange).not.toHaveBeenCalled();
});
