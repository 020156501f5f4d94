'use client';

import { Badge } from '@/components/ui/badge';
import { RelativeTime } from '@/components/sessions/relative-time';
import type { AdminUser } from '@/lib/api/accounts';
import { useAdminUsers } from '@/lib/client/admin-data';
import { AdminSection } from './admin-section';
import { UserActions } from './user-actions';

const tokens = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

/** Every account with its usage and cost (list prices), and what an admin can do to it. */
export function UserTable() {
  const { data: users, mutate } = useAdminUsers();
  const replace = (user: AdminUser) => void mutate((list) => list?.map((item) => (item.id === user.id ? user : item)), { revalidate: false });
  return (
    <AdminSection title="Users" description="Usage is summed over every run; cost is at list prices where the model’s price is known." testId="admin-users">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[640px] text-sm">
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">User</th>
              <th className="px-3 py-2 font-medium">Sessions</th>
              <th className="px-3 py-2 font-medium">Runs</th>
              <th className="px-3 py-2 font-medium">Tokens in / out</th>
              <th className="px-3 py-2 font-medium">Cost</th>
              <th className="px-3 py-2 font-medium">Last run</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y">
            {users?.map((user) => (
              <tr key={user.id} data-testid="user-row" data-email={user.email}>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-1.5 font-medium">
                    <span className="truncate">{user.name}</span>
                    {user.role === 'admin' && <Badge tone="info">Admin</Badge>}
                    {user.suspended && <Badge tone="danger">Suspended</Badge>}
                  </div>
                  <div className="truncate text-xs text-muted-foreground">{user.email}</div>
                </td>
                <td className="px-3 py-2 tabular-nums">{user.sessions}</td>
                <td className="px-3 py-2 tabular-nums">{user.runs}</td>
                <td className="px-3 py-2 tabular-nums" data-testid="user-tokens">
                  {tokens.format(user.inputTokens)} / {tokens.format(user.outputTokens)}
                </td>
                <td className="px-3 py-2 tabular-nums">{user.cost === null ? '—' : usd.format(user.cost)}</td>
                <td className="px-3 py-2 text-muted-foreground">{user.lastRunAt ? <RelativeTime timestamp={user.lastRunAt} /> : 'never'}</td>
                <td className="px-3 py-2 text-right">
                  <UserActions user={user} onChange={replace} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminSection>
  );
}
