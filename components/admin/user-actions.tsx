'use client';

import { useState } from 'react';
import { EllipsisIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useViewer } from '@/components/account/viewer-context';
import type { AdminUser } from '@/lib/api/accounts';
import { makeResetLink, updateAdminUser } from '@/lib/client/account-api';
import { readError } from '@/lib/client/api-error';
import { ResetLinkDialog } from './reset-link-dialog';

/** Role, suspension and a password-reset link for one account. */
export function UserActions({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const viewer = useViewer();
  const [resetUrl, setResetUrl] = useState<string | null>(null);
  async function run(action: () => Promise<AdminUser | void>, failure: string) {
    try {
      const updated = await action();
      if (updated) onChange(updated);
    } catch (error) {
      toast.error(failure, { description: readError(error).message });
    }
  }
  const self = viewer?.id === user.id;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${user.email}`} data-testid="user-actions">
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void run(() => updateAdminUser(user.id, { role: user.role === 'admin' ? 'user' : 'admin' }), 'Role not changed')}>
            {user.role === 'admin' ? 'Remove administrator' : 'Make administrator'}
          </DropdownMenuItem>
          {!self && (
            <DropdownMenuItem onSelect={() => void run(() => updateAdminUser(user.id, { suspended: !user.suspended }), 'Not changed')} data-testid="user-suspend">
              {user.suspended ? 'Restore account' : 'Suspend account'}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void run(async () => setResetUrl((await makeResetLink(user.id)).url), 'No reset link made')} data-testid="user-reset-link">
            Password reset link…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ResetLinkDialog url={resetUrl} email={user.email} onClose={() => setResetUrl(null)} />
    </>
  );
}
