import { NextResponse } from 'next/server';
import { deleteCompareGroup } from '@/lib/server/compare';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ groupId: string }> };

/** Deletes the comparison's columns that were not continued (their runs stop first). */
export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { groupId } = await params;
  await deleteCompareGroup(request, groupId);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods({ DELETE });
