import 'server-only';
import { API_ERROR_STATUS, type ApiErrorCode } from '@/lib/api/errors';

/** An answer the client should see: its code decides the status (lib/api/errors.ts). */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. `retry-after` on a 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = API_ERROR_STATUS[code];
  }
}
