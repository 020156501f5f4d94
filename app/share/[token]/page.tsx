import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { SharedSession } from '@/components/share/shared-session';
import { openShare } from '@/lib/server/shares';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const share = await openShare(token, { countView: false });
  if (!share) return { title: 'Link not found', robots: { index: false } };
  const { snapshot } = share;
  const description = `A shared agent session: ${snapshot.messages.length} messages with ${snapshot.modelKey}.`;
  return {
    title: snapshot.title,
    description,
    robots: { index: false, follow: false },
    openGraph: { title: snapshot.title, description, type: 'article', siteName: 'Agent Playground' },
    twitter: { card: 'summary', title: snapshot.title, description },
  };
}

/** A share link: the snapshot, read-only; an unknown, expired or revoked link is a 404. */
export default async function SharePage({ params }: Props) {
  const { token } = await params;
  // A live page's own refreshes (React Server Component requests) are not new views.
  const refresh = (await headers()).get('rsc') === '1';
  const share = await openShare(token, { countView: !refresh });
  if (!share) notFound();
  return <SharedSession snapshot={share.snapshot} token={token} live={share.view.mode === 'live'} />;
}
