import { NextResponse } from 'next/server';
import { readJsonBody, withErrors } from '@/lib/server/http';
import { instanceSettingsPatchSchema, readInstanceSettings, updateInstanceSettings } from '@/lib/server/instance-settings';
import { requireAdmin } from '@/lib/server/owner';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

export const GET = withErrors(async (request: Request) => {
  await requireAdmin(request);
  return NextResponse.json({ settings: await readInstanceSettings() });
});

export const PATCH = withErrors(async (request: Request) => {
  const viewer = await requireAdmin(request);
  return NextResponse.json({ settings: await updateInstanceSettings(await readJsonBody(request, instanceSettingsPatchSchema, 1_000), viewer.id) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
