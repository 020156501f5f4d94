import { NextResponse } from 'next/server';
import { compareCreateSchema } from '@/lib/api/compare-request';
import { createCompareGroup, listCompareGroupsFor } from '@/lib/server/compare';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

/** The owner's comparisons, newest first. */
export const GET = withErrors(async (request: Request) => {
  return NextResponse.json({ groups: await listCompareGroupsFor(request.headers) });
});

/** A comparison: one session per column, each with its model and settings (the prompt follows through POST /api/chat). */
export const POST = withErrors(async (request: Request) => {
  const body = await readJsonBody(request, compareCreateSchema, 200_000);
  return NextResponse.json({ group: await createCompareGroup(request, body) }, { status: 201 });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
