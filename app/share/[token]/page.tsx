import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SharedSession } from '@/components/share/shared-session';
import { countShareView, openShare } from '@/lib/server/shares';
import { visibleText } from '@/lib/text/visible-text';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

/** Read once per request: the metadata and the page share it (a live link builds its snapshot once). */
const readShare = cache((token: string) => openShare(token, { countView: false }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const share = await readShare(token);
  if (!share) return { title: 'Link not found', robots: { index: false } };
  const { snapshot } = share;
  // Titles in the tab and in link previews show bidi overrides as ⟨U+202E⟩ instead of applying them.
  const title = visibleText(snapshot.title);
  const description = `A shared agent session: ${snapshot.messages.length} messages with ${snapshot.modelKey}.`;
  return {
    title,
    description,
    robots: { index: false, follow: false },
    openGraph: { title, description, type: 'article', siteName: 'Agent Playground' },
    twitter: { card: 'summary', title, description },
  };
}

/** A share link: the snapshot, read-only; an unknown, expired or revoked link is a 404. */
export default async function SharePage({ params, searchParams }: Props) {
  const { token } = await params;
  // A page of a long session: the messages before this one (see SharedSession).
  const { before } = (await searchParams) ?? {};
  // A live page's own refreshes (React Server Component requests) are not new views.
  const refresh = (await headers()).get('rsc') === '1';
  const share = await readShare(token);
  if (!share) notFound();
  if (!refresh) await countShareView(share.view.id);
  return <SharedSession snapshot={share.snapshot} token={token} live={share.view.mode === 'live'} before={typeof before === 'string' ? before : undefined} />;
}
