import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { SessionSettingsSheet } from '@/components/settings/session-settings-sheet';
import { fetchSession, updateSession } from '@/lib/client/api';
import { fetchSessionMcpSwitches, saveSessionMcpSwitches, testMcpServer } from '@/lib/client/mcp-api';
import type { SessionDetail, SessionMcpSwitches } from '@/lib/api-types';

vi.mock('@/lib/client/api', () => ({ fetchSession: vi.fn(), updateSession: vi.fn() }));
vi.mock('@/lib/client/mcp-api', () => ({ fetchSessionMcpSwitches: vi.fn(), saveSessionMcpSwitches: vi.fn(), testMcpServer: vi.fn() }));

const session: SessionDetail = { id: 's1', title: 'T', modelKey: 'openai:big', createdAt: 0, updatedAt: 0, running: false, permissionMode: 'ask', settings: {}, messages: [], branches: {} };
const switches: SessionMcpSwitches = {
  servers: [
    { id: 'mcp-big', name: 'big', enabled: true, disabledTools: ['weather_get'] },
    { id: 'mcp-off', name: 'archive', enabled: false, disabledTools: [] },
  ],
  overrides: {},
};

beforeEach(() => {
  vi.mocked(fetchSession).mockResolvedValue(session);
  vi.mocked(updateSession).mockResolvedValue(session);
  vi.mocked(fetchSessionMcpSwitches).mockResolvedValue(switches);
  vi.mocked(saveSessionMcpSwitches).mockReset().mockResolvedValue(switches);
  vi.mocked(testMcpServer).mockResolvedValue({
    ok: true,
    tools: [
      { name: 'big__weather_get', toolName: 'weather_get', description: 'Get the weather forecast for a city.', permission: 'read' },
      { name: 'big__github_delete', toolName: 'github_delete', description: 'Delete an issue.', permission: 'external' },
    ],
  });
});

test('switches a server and a tool for this session only, and saves them with the settings', async () => {
  const user = userEvent.setup();
  render(<SessionSettingsSheet sessionId="s1" models={[]} open onOpenChange={() => {}} />);

  const [big, archive] = await screen.findAllByTestId('session-mcp-server');
  expect(within(big).getByTestId('session-mcp-server-note').textContent).toBe('On · 1 tool off');
  expect(within(archive).getByTestId('session-mcp-server-note').textContent).toBe('Off');

  await user.click(within(archive).getByTestId('session-mcp-server-enabled'));
  expect(within(archive).getByTestId('session-mcp-server-note').textContent).toBe('On for this session (off in settings)');

  await user.click(within(big).getByTestId('session-mcp-tools-toggle'));
  const weather = await within(big).findByText('big__weather_get');
  const row = weather.closest('[data-testid="mcp-tool"]') as HTMLElement;
  expect(row.dataset.enabled).toBe('false');
  await user.click(within(row).getByTestId('mcp-tool-enabled'));
  expect(row.dataset.enabled).toBe('true');
  expect(within(big).getByTestId('mcp-tools-on-count').textContent).toBe('2 of 2 tools on');

  await user.click(screen.getByTestId('settings-save'));
  await waitFor(() => expect(saveSessionMcpSwitches).toHaveBeenCalledTimes(1));
  expect(vi.mocked(saveSessionMcpSwitches).mock.calls[0]).toEqual(['s1', { servers: { 'mcp-off': true }, tools: { 'mcp-big': { weather_get: true } } }]);
});

test('a switch set back to what the settings say is no override', async () => {
  const user = userEvent.setup();
  render(<SessionSettingsSheet sessionId="s1" models={[]} open onOpenChange={() => {}} />);
  const [, archive] = await screen.findAllByTestId('session-mcp-server');
  await user.click(within(archive).getByTestId('session-mcp-server-enabled'));
  await user.click(within(archive).getByTestId('session-mcp-server-enabled'));
  await user.click(screen.getByTestId('settings-save'));
  await waitFor(() => expect(saveSessionMcpSwitches).toHaveBeenCalledTimes(1));
  expect(vi.mocked(saveSessionMcpSwitches).mock.calls[0]).toEqual(['s1', {}]);
});
