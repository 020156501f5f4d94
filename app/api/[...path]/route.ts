import { ApiError, errorResponse } from '@/lib/server/http';

export const dynamic = 'force-dynamic';

/** Any /api path no route claims: a JSON 404 like every other API error, never the HTML page. */
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname.slice(0, 200);
  return errorResponse(new ApiError('not_found', `There is no API endpoint at ${path}.`));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
