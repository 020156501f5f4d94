import { NextResponse } from 'next/server';
import { z } from 'zod';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';
import { PERMISSION_MODES } from '@/lib/permissions/policy';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { deleteSessionFor, getSessionDetail, updateSessionFor } from '@/lib/server/sessions';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const patchSchema = z
  .object({
    title: z.string().trim().min(1, 'Title cannot be empty').max(200).optional(),
    modelKey: z.string().min(1).max(300).optional(),
    settings: loopSettingsSchema.optional(),
    /** Applies from the next tool call, even in a running run. */
    permissionMode: z.enum(PERMISSION_MODES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');

export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  return NextResponse.json({ session: await getSessionDetail(request, id) });
});

export const PATCH = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const body = await readJsonBody(request, patchSchema, 10_000);
  return NextResponse.json({ session: await updateSessionFor(request, id, body) });
});

export const DELETE = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  await deleteSessionFor(request, id);
  return NextResponse.json({ ok: true });
});
