import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { toast, Toaster } from '@/lib/client/toast';

test('a toast sent before sonner is loaded and its Toaster listens is shown once they are', async () => {
  toast.error('Not sent', { description: 'The session is busy.' });
  render(<Toaster />);
  toast.success('Saved');
  expect(await screen.findByText('Not sent')).toBeTruthy();
  expect(await screen.findByText('The session is busy.')).toBeTruthy();
  expect(await screen.findByText('Saved')).toBeTruthy();
  toast.warning('Careful');
  expect(await screen.findByText('Careful')).toBeTruthy();
});
