import { NextResponse } from 'next/server';
import { z } from 'zod';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { MAX_IMPORT_BYTES } from '@/lib/server/session-format';
import { importSessionFor } from '@/lib/server/session-transfer';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** A session export file (GET /api/sessions/:id/export?format=json) becomes a new session. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, z.unknown(), MAX_IMPORT_BYTES);
  return NextResponse.json({ session: await importSessionFor(request, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
