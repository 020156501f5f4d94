'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { LogOutIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { signOut } from '@/lib/client/account-api';
import { readError } from '@/lib/client/api-error';
import { useViewer } from './viewer-context';

/** The signed-in person at the foot of the sidebar: the admin page (for admins) and sign-out. Nothing without accounts. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const viewer = useViewer();
  const router = useRouter();
  if (!viewer) return null;
  async function leave() {
    try {
      await signOut();
      router.replace('/sign-in');
      router.refresh();
    } catch (error) {
      toast.error('Could not sign out', { description: readError(error).message });
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="w-full justify-start gap-2" data-testid="account-menu">
          <UserIcon />
          <span className="min-w-0 flex-1 truncate text-left">{viewer.name}</span>
          {viewer.role === 'admin' && <span className="text-[11px] text-muted-foreground">Admin</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <div className="px-2 py-1.5 text-xs text-muted-foreground">
          Signed in as <span className="break-all text-foreground">{viewer.email}</span>
        </div>
        <DropdownMenuSeparator />
        {viewer.role === 'admin' && (
          <DropdownMenuItem asChild>
            <Link href="/admin" onClick={onNavigate} data-testid="admin-open">
              <ShieldIcon />
              Admin
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void leave()} data-testid="sign-out">
          <LogOutIcon />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
