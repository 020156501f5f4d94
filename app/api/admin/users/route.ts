import { NextResponse } from 'next/server';
import { adminUsers } from '@/lib/server/accounts';
import { withErrors } from '@/lib/server/http';
import { requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  await requireAdmin(request);
  return NextResponse.json({ users: await adminUsers() });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
