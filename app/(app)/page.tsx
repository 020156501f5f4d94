import { NewChat } from '@/components/chat/new-chat';
import { SetupScreen } from '@/components/setup/setup-screen';
import { DEMO_MODEL_KEY, listModels } from '@/lib/models/registry';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const listing = await listModels();
  if (!listing.configured) return <SetupScreen demoModelKey={DEMO_MODEL_KEY} />;
  return <NewChat models={listing.models} defaultModelKey={listing.defaultKey} />;
}
