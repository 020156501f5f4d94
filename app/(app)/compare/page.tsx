import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CompareSetup } from '@/components/compare/compare-setup';
import { SetupScreen } from '@/components/setup/setup-screen';
import { DEMO_MODEL_KEY } from '@/lib/models/registry';
import { listCompareGroupsFor } from '@/lib/server/compare';
import { modelListingForPage } from '@/lib/server/models';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Compare' };

export default async function ComparePage() {
  const requestHeaders = await headers();
  const [listing, groups] = await Promise.all([modelListingForPage(requestHeaders), listCompareGroupsFor(requestHeaders)]);
  if (!listing.configured) return <SetupScreen demoModelKey={DEMO_MODEL_KEY} />;
  return <CompareSetup models={listing.models} defaultModelKey={listing.defaultKey} groups={groups} />;
}
