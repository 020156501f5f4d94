import { handleAuthRequest } from '@/lib/server/auth-requests';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** better-auth's endpoints (sign-in, sign-out, session, password reset), answered in the API's error shape. */
export const GET = handleAuthRequest;
export const POST = handleAuthRequest;

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
