import { handleAuthRequest } from '@/lib/server/auth-requests';

export const dynamic = 'force-dynamic';

/** better-auth's endpoints (sign-in, sign-out, session, password reset), answered in the API's error shape. */
export const GET = handleAuthRequest;
export const POST = handleAuthRequest;
