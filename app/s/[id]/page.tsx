import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getRunningRun } from '@/db/queries/runs';
import { loadMessages } from '@/db/queries/messages';
import { getSession } from '@/db/queries/sessions';
import { ChatView } from '@/components/chat/chat-view';
import { listModels } from '@/lib/models/registry';
import { getAppDb } from '@/lib/server/db';
import { LOCAL_OWNER_ID } from '@/lib/server/owner';
import { loadTranscriptForReattach } from '@/lib/server/run-follow';
import { toSessionSummary } from '@/lib/server/sessions';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const session = await getSession(await getAppDb(), LOCAL_OWNER_ID, id);
  return { title: session?.title ?? 'Session not found' };
}

export default async function SessionPage({ params }: Props) {
  const { id } = await params;
  const db = await getAppDb();
  const row = await getSession(db, LOCAL_OWNER_ID, id);
  if (!row) notFound();
  const [messages, listing, running] = await Promise.all([loadMessages(db, LOCAL_OWNER_ID, id), listModels(), getRunningRun(db, LOCAL_OWNER_ID, id)]);
  // Keyed by id: moving to another session starts a fresh chat instead of reusing this one's state.
  return <ChatView key={row.id} session={toSessionSummary(row, new Set(running ? [id] : []))} initialMessages={await loadTranscriptForReattach(db, messages, running)} models={listing.models} />;
}
