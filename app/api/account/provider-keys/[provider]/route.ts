import { NextResponse } from 'next/server';
import { setProviderKeySchema } from '@/lib/api/provider-keys';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { authorizeProviderKeys, removeProviderKey, setProviderKey } from '@/lib/server/provider-keys';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ provider: string }> };

/** Sets (or replaces) the viewer's own key for a provider: `{ key }` goes up, a masked view comes back. */
export const PUT = withErrors(async (request: Request, { params }: Context) => {
  const owner = await authorizeProviderKeys(request, 'own');
  const { key } = await readJsonBody(request, setProviderKeySchema, 2_000);
  return NextResponse.json({ provider: await setProviderKey(owner, (await params).provider, key) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  await removeProviderKey(await authorizeProviderKeys(request, 'own', { removing: true }), (await params).provider);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
