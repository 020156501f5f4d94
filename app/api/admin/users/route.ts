import { NextResponse } from 'next/server';
import { adminUsers } from '@/lib/server/accounts';
import { withErrors } from '@/lib/server/http';
import { requireAdmin } from '@/lib/server/owner';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  await requireAdmin(request);
  return NextResponse.json({ users: await adminUsers() });
});
