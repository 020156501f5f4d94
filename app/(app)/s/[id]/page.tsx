import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { ChatView } from '@/components/chat/chat-view';
import { loadSessionPage, sessionTitle } from '@/lib/server/sessions';
import { visibleText } from '@/lib/text/visible-text';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const title = await sessionTitle(await headers(), id);
  // A bidi override would reverse the tab's text: shown as ⟨U+202E⟩ instead (lib/text/visible-text.ts).
  return { title: title === undefined ? 'Session not found' : visibleText(title) };
}

export default async function SessionPage({ params }: Props) {
  const { id } = await params;
  const page = await loadSessionPage(await headers(), id);
  if (!page) notFound();
  // Keyed by id: moving to another session starts a fresh chat instead of reusing this one's state.
  return <ChatView key={page.session.id} session={page.session} initialMessages={page.messages} initialBranches={page.branches} initialHistory={page.history} models={page.models} />;
}
