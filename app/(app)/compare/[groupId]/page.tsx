import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { CompareView } from '@/components/compare/compare-view';
import { loadComparePage } from '@/lib/server/compare';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Compare' };

type Props = { params: Promise<{ groupId: string }> };

export default async function CompareGroupPage({ params }: Props) {
  const { groupId } = await params;
  const page = await loadComparePage(await headers(), groupId);
  if (!page) notFound();
  // Keyed by group: moving to another comparison starts fresh columns.
  return <CompareView key={page.groupId} groupId={page.groupId} columns={page.columns} models={page.models} />;
}
