import { NextResponse } from 'next/server';
import { withErrors } from '@/lib/server/http';
import { finishOAuth } from '@/lib/server/mcp-oauth';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/**
 * The authorization server sends the browser back here (a GET, as OAuth redirects are).
 * Nothing changes unless the state is the one this owner's "Connect" left pending; then
 * the browser goes back to the settings page, which says how it went.
 */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.redirect(await finishOAuth(request, id), 303);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
