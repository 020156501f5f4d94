import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { PageHeader } from '@/components/shell/page-header';
import { ProviderKeysSettings } from '@/components/settings/providers/provider-keys-settings';
import { providerKeysPageFor } from '@/lib/server/provider-keys';

export const metadata: Metadata = { title: 'Provider keys' };
export const dynamic = 'force-dynamic';

export default async function ProviderKeysPage() {
  const offers = await providerKeysPageFor(await headers());
  return (
    <>
      <PageHeader>
        <span className="text-sm font-medium">Settings</span>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ProviderKeysSettings serverKeys={offers.serverKeys} ownKeys={offers.ownKeys} />
      </div>
    </>
  );
}
