import { NextResponse } from 'next/server';
import type { ProviderKeysResponse } from '@/lib/api/provider-keys';
import { withErrors } from '@/lib/server/http';
import { authorizeProviderKeys, listProviderKeyViews } from '@/lib/server/provider-keys';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The providers and the server-wide keys (admins only), masked: a key never comes back. */
export const GET = withErrors(async (request: Request) => {
  const body: ProviderKeysResponse = { providers: await listProviderKeyViews(await authorizeProviderKeys(request, 'server')) };
  return NextResponse.json(body);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
