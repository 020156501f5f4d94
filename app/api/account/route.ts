import { NextResponse } from 'next/server';
import { accountView } from '@/lib/server/auth-requests';
import { withErrors } from '@/lib/server/http';

export const dynamic = 'force-dynamic';

/** Who is signed in (`user: null` when nobody is); public, so the sign-in page can ask. */
export const GET = withErrors(async (request: Request) => NextResponse.json(await accountView(request)));
