import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { QueuedMessageItem } from '@/components/chat/queued-message-item';
import { renderInApp } from '../agent/fixtures';

/** A queued message says which images wait with it (their bytes stay on the server until it is sent). */

test('a queued message shows how many images go with it, and their names; one of images alone shows no empty text', () => {
  const props = { position: 1, onEdit: vi.fn(), onCancel: vi.fn() };
  const { rerender } = renderInApp(
    <QueuedMessageItem {...props} item={{ id: 'q1', text: 'And these?', images: [{ mediaType: 'image/png', filename: 'a.png' }, { mediaType: 'image/jpeg' }], createdAt: 1, updatedAt: 1 }} />,
  );
  expect(screen.getByTestId('queued-text').textContent).toBe('And these?');
  expect(screen.getByTestId('queued-images').textContent).toBe('2 images');
  expect(screen.getByTestId('queued-images').getAttribute('title')).toBe('a.png, Image 2');

  rerender(<QueuedMessageItem {...props} item={{ id: 'q2', text: '', images: [{ mediaType: 'image/png', filename: 'only.png' }], createdAt: 1, updatedAt: 1 }} />);
  expect(screen.queryByTestId('queued-text')).toBeNull();
  expect(screen.getByTestId('queued-images').textContent).toBe('1 image');

  rerender(<QueuedMessageItem {...props} item={{ id: 'q3', text: 'Text only', createdAt: 1, updatedAt: 1 }} />);
  expect(screen.queryByTestId('queued-images')).toBeNull();
});
