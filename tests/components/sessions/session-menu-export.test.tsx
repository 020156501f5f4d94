import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { SessionListItem } from '@/components/sessions/session-list-item';
import { exportUrl } from '@/lib/client/api';
import { session, withSessions } from '../chat/hooks/fake-api';

test('the session menu downloads the session as JSON or Markdown', async () => {
  const item = session({ id: 's 1', title: 'Exported' });
  render(<SessionListItem session={item} active={false} onDeleted={() => {}} rename={async () => true} />, { wrapper: withSessions([item]) });

  await userEvent.setup().click(screen.getByTestId('session-menu'));
  const menu = await screen.findByRole('menu');
  const asJson = within(menu).getByTestId('session-export-json');
  const asMarkdown = within(menu).getByTestId('session-export-markdown');

  expect(exportUrl('s1', 'json')).toBe('/api/sessions/s1/export?format=json');
  expect(exportUrl('s1', 'markdown')).toBe('/api/sessions/s1/export?format=markdown');
  for (const [link, format, label] of [[asJson, 'json', 'Export as JSON'], [asMarkdown, 'markdown', 'Export as Markdown']] as const) {
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(exportUrl('s 1', format));
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.getAttribute('role')).toBe('menuitem');
    expect(link.textContent).toBe(label);
  }
  expect(asJson.getAttribute('href')).toBe('/api/sessions/s%201/export?format=json');
  expect(within(menu).getAllByRole('menuitem').map((el) => el.textContent)).toEqual(['Rename', 'Export as JSON', 'Export as Markdown', 'Delete…']);
});
