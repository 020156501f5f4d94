import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ApiError, withErrors } from '@/lib/server/http';
import { workspaceFileFor } from '@/lib/server/workspace-files';
import { MAX_PATH_LENGTH } from '@/lib/workspace/paths';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ path: z.string().min(1, 'path is required').max(MAX_PATH_LENGTH) });

/** One workspace file: its text, or only its size when it is binary. */
export const GET = withErrors(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  const parsed = querySchema.safeParse({ path: new URL(request.url).searchParams.get('path') ?? '' });
  if (!parsed.success) throw new ApiError('bad_request', `Invalid request: ${parsed.error.issues[0]?.message ?? 'bad path'}`);
  return NextResponse.json({ file: await workspaceFileFor(request, id, parsed.data.path) });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
