import { MAX_CHAT_BODY_BYTES } from '@/lib/api/chat-request';
import { chatBodySchema, chatTurn } from '@/lib/server/chat';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';
/** A run started here goes on after the response, up to this many seconds per invocation (lib/server/invocation.ts). */
export const maxDuration = 300;

/** Parse, then one chat turn: the run's events stream back as they are logged. */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, chatBodySchema, MAX_CHAT_BODY_BYTES);
  return chatTurn(request, body);
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
