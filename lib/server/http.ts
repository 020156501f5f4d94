import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import type { ApiErrorBody } from '@/lib/api/errors';
import { ApiError } from './api-error';
import { currentViewer } from './owner';

export { ApiError };
import { McpConfigError } from '@/lib/mcp/config';
import { UnknownModelError } from '@/lib/models/registry';
import { WorkspacePathError } from '@/lib/workspace/paths';
import { isBusyError } from '@/db/open.mjs';
import { isJsonContentType } from '@/lib/security/request-guard.mjs';
import { logger, REQUEST_ID_HEADER, withLogContext } from '@/lib/log.mjs';

/** The one place an error becomes a response: `{ error: { code, message } }`. */
export function errorResponse(error: ApiError): NextResponse<ApiErrorBody> {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
  return NextResponse.json(body, { status: error.status, headers: error.headers });
}

/**
 * Errors of the domain that the client caused or can act on, mapped once.
 * Anything else is a 500 without internals.
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof UnknownModelError) return new ApiError('unknown_model', error.message);
  if (error instanceof WorkspacePathError || error instanceof McpConfigError) return new ApiError('bad_request', error.message);
  // The write did not happen: say so, never 2xx, and invite a retry.
  if (isBusyError(error)) {
    return new ApiError('db_busy', 'The database is busy: another process is writing to it. Nothing was saved; try again in a moment.', { 'retry-after': '2' });
  }
  return undefined;
}

/**
 * Reads and validates a JSON body: 413 as soon as more than maxBytes have arrived (the
 * rest is never read), 415 unless it is JSON, 400 when malformed or invalid.
 */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T, maxBytes: number): Promise<z.infer<T>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new ApiError('unsupported_media_type', 'This endpoint accepts only JSON: send the request with Content-Type: application/json.');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new ApiError('too_large', `Request body too large (limit ${maxBytes} bytes).`);
  const text = await readTextWithin(request, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'Request body is not valid JSON.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ApiError('bad_request', `Invalid request${where}: ${issue?.message ?? 'malformed body'}`);
  }
  return parsed.data;
}

/** The body as text, counted while it streams: past maxBytes the read stops and the request gets a 413. */
async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError('too_large', `Request body too large (limit ${maxBytes} bytes).`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Who may call a route: `signed-in` (the default) refuses a request without a
 * session with 401 before anything else is read — its body, its ids — so nothing
 * about the request's validity or the data's existence leaks to a stranger.
 * `public` routes (health, who am I, sign-up) skip the check.
 */
type RouteAccess = 'signed-in' | 'public';

/** Turns thrown errors into JSON answers (toApiError); anything unexpected is a 500 without internals. */
export function withErrors<A extends [Request, ...unknown[]] | []>(handler: (...args: A) => Promise<Response>, { access = 'signed-in' }: { access?: RouteAccess } = {}) {
  return async (...args: A): Promise<Response> => {
    const request = args[0];
    // Log lines written while this request is handled (and by the run it starts) carry its id.
    return withLogContext({ requestId: request?.headers.get(REQUEST_ID_HEADER) ?? undefined }, async () => {
      try {
        if (access === 'signed-in' && request) await currentViewer(request);
        return await handler(...args);
      } catch (error) {
        const known = toApiError(error);
        if (known) return errorResponse(known);
        logger.error({ err: error, path: request ? new URL(request.url).pathname : undefined }, 'request failed');
        return errorResponse(new ApiError('internal', 'Internal server error.'));
      }
    });
  };
}
