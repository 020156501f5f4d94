import { NextResponse } from 'next/server';
import { elicitationAnswerSchema, MAX_ELICITATION_ANSWER_BYTES } from '@/lib/api/elicitation-request';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { answerMcpElicitation } from '@/lib/server/mcp-elicitations';
import { otherMethods } from '@/lib/server/route-methods';
import { requireSession } from '@/lib/server/session-access';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; elicitationId: string }> };

/** Answers an MCP server's question (a form, or a sampling request to allow); the waiting run picks the answer up. */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id, elicitationId } = await params;
  const answer = await readJsonBody(request, elicitationAnswerSchema, MAX_ELICITATION_ANSWER_BYTES);
  const { db, ownerId } = await requireSession(request, id);
  return NextResponse.json(await answerMcpElicitation({ db, ownerId, sessionId: id, elicitationId, answer }));
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
