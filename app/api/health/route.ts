import { NextResponse } from 'next/server';
import { checkHealth } from '@/lib/server/health';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** 200 `{ ok: true, database: 'ok' }` when the server and its database answer; 503 otherwise. */
export const GET = withErrors(async () => NextResponse.json(await checkHealth(), { headers: { 'cache-control': 'no-store' } }), { access: 'public' });

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
