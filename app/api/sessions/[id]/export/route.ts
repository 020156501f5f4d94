import { z } from 'zod';
import { ApiError, withErrors } from '@/lib/server/http';
import { exportSessionJson, exportSessionMarkdown } from '@/lib/server/session-transfer';
import { otherMethods } from '@/lib/server/route-methods';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

const formatSchema = z.enum(['json', 'markdown']);

/** The session as a download: `?format=json` (everything, to import again) or `?format=markdown` (to read). */
export const GET = withErrors(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const format = formatSchema.safeParse(new URL(request.url).searchParams.get('format') ?? 'json');
  if (!format.success) throw new ApiError('bad_request', 'format must be json or markdown.');
  const file = format.data === 'json' ? await exportSessionJson(request, id) : await exportSessionMarkdown(request, id);
  const type = format.data === 'json' ? 'application/json' : 'text/markdown';
  const body = typeof file.body === 'string' ? file.body : JSON.stringify(file.body, null, 2);
  return new Response(body, {
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
});

/** Every other method: a JSON 405 with Allow (lib/server/route-methods.ts). */
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
