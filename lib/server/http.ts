import { NextResponse } from 'next/server';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-types';
import { isBusyError } from '@/db/open.mjs';
import { isJsonContentType } from '@/lib/security/request-guard.mjs';

export function jsonError(status: number, error: string, code?: string) {
  return NextResponse.json<ApiError>(code ? { error, code } : { error }, { status });
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** Extra response headers, e.g. `retry-after` on a 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Reads and validates a JSON body: 413 as soon as more than maxBytes have arrived (the
 * rest is never read), 415 unless it is JSON, 400 when malformed or invalid.
 */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T, maxBytes: number): Promise<z.infer<T>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpError(415, 'This endpoint accepts only JSON: send the request with Content-Type: application/json.', 'unsupported_media_type');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes).`, 'too_large');
  const text = await readTextWithin(request, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.', 'bad_request');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new HttpError(400, `Invalid request${where}: ${issue?.message ?? 'malformed body'}`, 'bad_request');
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
      throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes).`, 'too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Turns thrown HttpErrors into JSON answers; anything else is a 500 without internals. */
export function withErrors<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof HttpError) {
        const response = jsonError(error.status, error.message, error.code);
        for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
        return response;
      }
      if (isBusyError(error)) {
        // The write did not happen: say so, never 2xx, and invite a retry.
        const response = jsonError(503, 'The database is busy: another process is writing to it. Nothing was saved; try again in a moment.', 'db_busy');
        response.headers.set('retry-after', '2');
        return response;
      }
      console.error(error);
      return jsonError(500, 'Internal server error.', 'internal');
    }
  };
}
