import { signUpSchema } from '@/lib/api/accounts';
import { signUp } from '@/lib/server/accounts';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** A new account: the first one, open sign-up, or with an invite. Answers with the session cookie set. */
export const POST = withErrors(async (request: Request) => signUp(request, await readJsonBody(request, signUpSchema, 4_000)), { access: 'public' });

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
