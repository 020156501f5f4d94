import { NextResponse } from 'next/server';
import { editedArgumentsCheckSchema } from '@/lib/api/approval-request';
import { checkEditedArguments } from '@/lib/server/approvals';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; approvalId: string }> };

/**
 * Checks edited arguments against the tool's schema before the approval card
 * sends them: `{ ok: true }`, or a 400 `invalid_arguments` saying what is wrong.
 * Answers nothing and runs nothing.
 */
export const POST = withErrors(async (request: Request, { params }: Context) => {
  const { id, approvalId } = await params;
  const { editedInput } = await readJsonBody(request, editedArgumentsCheckSchema, 256_000);
  await checkEditedArguments(request, id, approvalId, editedInput);
  return NextResponse.json({ ok: true });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods({ POST });
