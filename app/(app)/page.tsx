import { NewChat } from '@/components/chat/new-chat';
import { SetupScreen } from '@/components/setup/setup-screen';
import { headers } from 'next/headers';
import { DEMO_MODEL_KEY } from '@/lib/models/registry';
import { modelListingForPage } from '@/lib/server/models';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const listing = await modelListingForPage(await headers());
  if (!listing.configured) return <SetupScreen demoModelKey={DEMO_MODEL_KEY} />;
  return <NewChat models={listing.models} defaultModelKey={listing.defaultKey} />;
}
