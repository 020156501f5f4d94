import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SidebarProvider } from '@/components/shell/sidebar-context';
import { json, session, stubApi, withSessions } from '../chat/hooks/fake-api';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const push = vi.hoisted(() => vi.fn());
vi.mock('@/lib/client/toast', () => ({ toast }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/' }));
const { AppSidebar } = await import('@/components/shell/app-sidebar');

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
  push.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const exported = { format: 'agent-playground.session', version: 1, session: { title: 'From a file' }, messages: [] };

function jsonFile(content: string, name = 'session.json') {
  return new File([content], name, { type: 'application/json' });
}

function renderSidebar() {
  const Sessions = withSessions([session({ id: 's1', title: 'Already here', updatedAt: 1 })]);
  render(
    <TooltipProvider>
      <SidebarProvider>
        <Sessions>
          <AppSidebar variant="column" />
        </Sessions>
      </SidebarProvider>
    </TooltipProvider>,
  );
  return { input: screen.getByTestId<HTMLInputElement>('import-session-input'), zone: screen.getByTestId('session-drop-zone') };
}

function titles() {
  return screen.getAllByTestId('session-title').map((el) => el.textContent);
}

test('the import button opens a picker for .json files', async () => {
  const { input } = renderSidebar();
  expect(input.type).toBe('file');
  expect(input.accept).toBe('.json,application/json');
  const click = vi.spyOn(input, 'click');
  await userEvent.setup().click(screen.getByTestId('import-session'));
  expect(click).toHaveBeenCalledTimes(1);
});

test('a valid file posts its parsed JSON, joins the sidebar and opens', async () => {
  const api = stubApi({ 'POST /api/sessions/import': () => json({ session: session({ id: 'imp1', title: 'From a file', updatedAt: 5 }) }, 201) });
  const { input } = renderSidebar();
  await userEvent.setup().upload(input, jsonFile(JSON.stringify(exported)));

  await waitFor(() => expect(push).toHaveBeenCalledWith('/s/imp1'));
  expect(api.calls).toEqual([{ method: 'POST', url: '/api/sessions/import', body: exported }]);
  expect(titles()).toEqual(['From a file', 'Already here']);
  expect(toast.success).toHaveBeenCalledWith('Imported “From a file”');
  expect(toast.error).not.toHaveBeenCalled();
});

test('a file the server refuses toasts the server’s reason and changes nothing', async () => {
  const message = 'This is not a session export: "format" must be "agent-playground.session".';
  const api = stubApi({ 'POST /api/sessions/import': () => json({ error: { code: 'invalid_import', message } }, 400) });
  const { input } = renderSidebar();
  await userEvent.setup().upload(input, jsonFile('{"format":"something-else"}'));

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not import the session', { description: message }));
  expect(api.calls).toHaveLength(1);
  expect(push).not.toHaveBeenCalled();
  expect(toast.success).not.toHaveBeenCalled();
  expect(titles()).toEqual(['Already here']);
});

test('a file that is not JSON is refused in the browser, without a request', async () => {
  const api = stubApi({});
  const { input } = renderSidebar();
  await userEvent.setup().upload(input, jsonFile('# Not JSON\n\nA transcript.', 'transcript.json'));

  await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
  const [title, { description }] = toast.error.mock.calls[0] as [string, { description: string }];
  expect(title).toBe('Could not import the session');
  expect(description).toMatch(/^This file is not JSON: /);
  expect(api.fetchMock).not.toHaveBeenCalled();
  expect(push).not.toHaveBeenCalled();
});

test('a file over 16 MiB is refused before it is read', async () => {
  const api = stubApi({});
  const { input } = renderSidebar();
  const big = new File([new Uint8Array(17 * 1024 * 1024)], 'big.json', { type: 'application/json' });
  const text = vi.spyOn(big, 'text');
  const arrayBuffer = vi.spyOn(big, 'arrayBuffer');
  await userEvent.setup().upload(input, big);

  await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
  expect(toast.error).toHaveBeenCalledWith('Could not import the session', { description: 'This file is too large to import (17.0 MB; the limit is 16.0 MB).' });
  expect(text).not.toHaveBeenCalled();
  expect(arrayBuffer).not.toHaveBeenCalled();
  expect(api.fetchMock).not.toHaveBeenCalled();
});

test('dragging a file over the session list shows the drop target; dropping it imports it', async () => {
  const api = stubApi({ 'POST /api/sessions/import': () => json({ session: session({ id: 'imp2', title: 'Dropped', updatedAt: 9 }) }, 201) });
  const { zone } = renderSidebar();
  const file = jsonFile(JSON.stringify(exported));
  const dataTransfer = { types: ['Files'], files: [file] };

  fireEvent.dragEnter(zone, { dataTransfer });
  expect(zone.dataset.dragging).toBe('true');
  expect(screen.getByText('Drop a session export to import it')).toBeTruthy();
  // Crossing into a child and back out of it keeps the drop target up.
  const item = screen.getByTestId('session-item');
  fireEvent.dragEnter(item, { dataTransfer });
  fireEvent.dragLeave(item, { dataTransfer });
  expect(zone.dataset.dragging).toBe('true');
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
  expect(zone.dataset.dragging).toBeUndefined();

  await waitFor(() => expect(push).toHaveBeenCalledWith('/s/imp2'));
  expect(api.calls).toEqual([{ method: 'POST', url: '/api/sessions/import', body: exported }]);
  expect(titles()[0]).toBe('Dropped');
});

test('a file dragged out again takes the drop target away; dragged text never shows it', () => {
  const api = stubApi({});
  const { zone } = renderSidebar();

  fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
  fireEvent.dragLeave(zone, { dataTransfer: { types: ['Files'], files: [] } });
  expect(zone.dataset.dragging).toBeUndefined();

  const text = { types: ['text/plain', 'text/uri-list'], files: [] };
  fireEvent.dragEnter(zone, { dataTransfer: text });
  expect(zone.dataset.dragging).toBeUndefined();
  expect(fireEvent.dragOver(zone, { dataTransfer: text })).toBe(true); // not cancelled: the list does not accept it
  fireEvent.drop(zone, { dataTransfer: text });
  expect(screen.queryByText('Drop a session export to import it')).toBeNull();
  expect(api.fetchMock).not.toHaveBeenCalled();
});
