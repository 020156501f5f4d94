import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { InstanceSettingsPanel } from '@/components/admin/instance-settings-panel';
import { InviteList } from '@/components/admin/invite-list';
import { UserTable } from '@/components/admin/user-table';
import { PageHeader } from '@/components/shell/page-header';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { findViewer } from '@/lib/server/owner';

export const metadata: Metadata = { title: 'Admin' };
export const dynamic = 'force-dynamic';

/** Users with usage and cost, invites, sign-up and key switches: administrators only (anyone else gets the 404 page). */
export default async function AdminPage() {
  const viewer = await findViewer(await headers());
  if (!accountsEnabled() || viewer?.role !== 'admin') notFound();
  return (
    <>
      <PageHeader>
        <span className="text-sm font-medium">Admin</span>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8">
          <UserTable />
          <InviteList />
          <InstanceSettingsPanel />
        </div>
      </div>
    </>
  );
}
