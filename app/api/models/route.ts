import { NextResponse } from 'next/server';
import type { ModelsResponse } from '@/lib/api-types';
import { withErrors } from '@/lib/server/http';
import { modelListingForRequest } from '@/lib/server/models';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  const listing: ModelsResponse = await modelListingForRequest(request);
  return NextResponse.json(listing);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
