import { NextResponse } from 'next/server';
import { compactRequestSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { compactSessionFor } from '@/lib/server/manual-compaction';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** `/compact [focus]`: summarize now, down to the lower manual target. No run may start meanwhile. */
export const POST = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const body = await readJsonBody(request, compactRequestSchema, 10_000);
  return NextResponse.json(await compactSessionFor(request, id, body.focus));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
