import { NextResponse } from 'next/server';
import type { ModelsResponse } from '@/lib/api-types';
import { listModels } from '@/lib/models';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async () => {
  const listing: ModelsResponse = await listModels();
  return NextResponse.json(listing);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
