import { NextResponse } from 'next/server';
import type { ModelsResponse } from '@/lib/api-types';
import { listModels } from '@/lib/models';
import { withErrors } from '@/lib/server/http';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async () => {
  const listing: ModelsResponse = await listModels();
  return NextResponse.json(listing);
});
