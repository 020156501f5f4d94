import { NextResponse } from 'next/server';
import { accountView } from '@/lib/server/auth-requests';
import { withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** Who is signed in (`user: null` when nobody is); public, so the sign-in page can ask. */
export const GET = withErrors(async (request: Request) => NextResponse.json(await accountView(request)), { access: 'public' });

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
