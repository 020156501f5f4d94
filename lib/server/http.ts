import { NextResponse } from 'next/server';
import type { z } from 'zod';
import type { ApiError } from '@/lib/api-types';

export function jsonError(status: number, error: string, code?: string) {
  return NextResponse.json<ApiError>(code ? { error, code } : { error }, { status });
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Reads and validates a JSON body: 413 when larger than maxBytes, 400 when malformed or invalid. */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T, maxBytes: number): Promise<z.infer<T>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes).`, 'too_large');
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes).`, 'too_large');
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

/** Turns thrown HttpErrors into JSON answers; anything else is a 500 without internals. */
export function withErrors<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof HttpError) return jsonError(error.status, error.message, error.code);
      console.error(error);
      return jsonError(500, 'Internal server error.', 'internal');
    }
  };
}
