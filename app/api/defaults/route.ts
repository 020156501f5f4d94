import { NextResponse } from 'next/server';
import { MAX_SETTINGS_BODY_BYTES, userDefaultsSchema } from '@/lib/api/session-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';
import { clearUserDefaultsFor, getUserDefaultsFor, saveUserDefaultsFor } from '@/lib/server/user-defaults';

export const dynamic = 'force-dynamic';

/** The signed-in user's defaults for new sessions. */
export const GET = withErrors(async (request: Request) => {
  return NextResponse.json({ defaults: await getUserDefaultsFor(request) });
});

export const PUT = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, userDefaultsSchema, MAX_SETTINGS_BODY_BYTES);
  return NextResponse.json({ defaults: await saveUserDefaultsFor(request, body) });
});

export const DELETE = withErrors(async (request: Request) => {
  await clearUserDefaultsFor(request);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
