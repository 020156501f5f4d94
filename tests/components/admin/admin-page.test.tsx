import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ViewerProvider } from '@/components/account/viewer-context';
import { InstanceSettingsPanel } from '@/components/admin/instance-settings-panel';
import { InviteList } from '@/components/admin/invite-list';
import { UserTable } from '@/components/admin/user-table';
import type { AdminInvite, AdminUser } from '@/lib/api/accounts';
import { json, stubApi } from '../chat/hooks/fake-api';

const ADMIN_VIEWER = { id: 'u-admin', name: 'Ada', email: 'ada@example.com', role: 'admin' as const };

function user(overrides: Partial<AdminUser>): AdminUser {
  return { id: 'u', name: 'N', email: 'n@example.com', role: 'user', suspended: false, createdAt: 1, sessions: 0, runs: 0, inputTokens: 0, outputTokens: 0, cost: null, lastRunAt: null, ...overrides };
}

function Wrapper({ children }: { children: React.ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TooltipProvider>
        <ViewerProvider viewer={ADMIN_VIEWER}>{children}</ViewerProvider>
      </TooltipProvider>
    </SWRConfig>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the admin page', () => {
  it('lists users with usage and cost, and suspends one', async () => {
    const bob = user({ id: 'u-bob', name: 'Bob', email: 'bob@example.com', runs: 3, inputTokens: 12_300, outputTokens: 450, cost: 0.0123 });
    const { calls } = stubApi({
      'GET /api/admin/users': () => json({ users: [user({ id: 'u-admin', name: 'Ada', email: 'ada@example.com', role: 'admin' }), bob] }),
      'PATCH /api/admin/users/u-bob': () => json({ user: { ...bob, suspended: true } }),
    });
    render(<UserTable />, { wrapper: Wrapper });
    const row = await screen.findByText('bob@example.com').then((cell) => cell.closest('tr') as HTMLElement);
    expect(within(row).getByTestId('user-tokens').textContent).toBe('12.3K / 450');
    expect(row.textContent).toContain('$0.0123');
    await userEvent.click(within(row).getByTestId('user-actions'));
    await userEvent.click(await screen.findByTestId('user-suspend'));
    await waitFor(() => expect(within(row).getByText('Suspended')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ suspended: true });
    // One cannot suspend oneself: the admin's own row has no such item.
    const adaRow = screen.getByText('ada@example.com').closest('tr') as HTMLElement;
    await userEvent.click(within(adaRow).getByTestId('user-actions'));
    expect(screen.queryByTestId('user-suspend')).toBeNull();
  });

  it('makes an invite link, shows it once, and lists it as pending', async () => {
    const pending: AdminInvite = { id: 'inv1', email: null, role: 'user', createdAt: Date.now(), expiresAt: Date.now() + 1e9, status: 'pending', usedBy: null };
    let invites: AdminInvite[] = [];
    stubApi({
      'GET /api/admin/invites': () => json({ invites }),
      'POST /api/admin/invites': () => {
        invites = [pending];
        return json({ invite: { ...pending, url: 'http://localhost:3000/sign-up?invite=abcdefghijklmnopqrstuvwx' } }, 201);
      },
    });
    render(<InviteList />, { wrapper: Wrapper });
    expect(await screen.findByText('No invites yet.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('invite-create'));
    expect((await screen.findByTestId('invite-url')).textContent).toBe('http://localhost:3000/sign-up?invite=abcdefghijklmnopqrstuvwx');
    expect((await screen.findByTestId('invite-row')).textContent).toContain('pending');
  });

  it('turns open sign-up on at once and back when the server refuses', async () => {
    const { calls } = stubApi({
      'GET /api/admin/settings': () => json({ settings: { signupOpen: false, allowUserKeys: false } }),
      'PATCH /api/admin/settings': () => json({ error: { code: 'forbidden', message: 'Only an administrator can do this.' } }, 403),
    });
    render(<InstanceSettingsPanel />, { wrapper: Wrapper });
    const toggle = await screen.findByRole('switch', { name: 'Anyone can sign up' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ signupOpen: true });
    // Refused: the switch rolls back.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});
