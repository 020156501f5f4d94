import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ERROR_STATUS, describeApiError, isApiErrorCode, type ApiErrorCode } from '@/lib/api/errors';
import { parseErrorBody, readError } from '@/lib/client/api-error';
import { McpConfigError } from '@/lib/mcp/config';
import { UnknownModelError } from '@/lib/models/registry';
import { ApiError, errorResponse, toApiError, withErrors } from '@/lib/server/http';
import { WorkspacePathError } from '@/lib/workspace/paths';
import { DatabaseBusyError } from '@/db/open.mjs';

const codes = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];

describe('the API error contract', () => {
  it('gives every code an HTTP error status and a plain-words description', () => {
    for (const code of codes) {
      expect(API_ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(API_ERROR_STATUS[code], code).toBeLessThan(600);
      expect(describeApiError(code), code).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('serialises an ApiError as { error: { code, message } } with its status and headers', async () => {
    const response = errorResponse(new ApiError('db_busy', 'Busy.', { 'retry-after': '2' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({ error: { code: 'db_busy', message: 'Busy.' } });
  });

  it('maps domain errors once: unknown model, bad workspace path, bad MCP config, a busy database', () => {
    expect(toApiError(new UnknownModelError('nope:model'))).toMatchObject({ code: 'unknown_model', status: 400 });
    expect(toApiError(new WorkspacePathError('outside'))).toMatchObject({ code: 'bad_request', status: 400, message: 'outside' });
    expect(toApiError(new McpConfigError('bad header'))).toMatchObject({ code: 'bad_request', status: 400 });
    expect(toApiError(new DatabaseBusyError('locked'))).toMatchObject({ code: 'db_busy', status: 503, headers: { 'retry-after': '2' } });
    expect(toApiError(new Error('boom'))).toBeUndefined();
  });

  it('answers anything unexpected with a 500 that carries no internals', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const response = await withErrors(async () => {
        throw new Error('secret internals at /home/x');
      })();
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: 'Internal server error.' } });
    } finally {
      console.error = original;
    }
  });

  it('lists every code the request guard answers with (the guard is plain JS outside Next)', () => {
    const guard = readFileSync('lib/security/request-guard.mjs', 'utf8');
    const used = [...guard.matchAll(/reject\(\s*\d+,\s*'([a-z_]+)'/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(3);
    for (const code of used) expect(isApiErrorCode(code), code).toBe(true);
  });

  it('reads error bodies in the browser: the message, or the code’s description when the message is missing', () => {
    expect(parseErrorBody({ error: { code: 'run_active', message: 'Still working.' } })).toEqual({ code: 'run_active', message: 'Still working.' });
    expect(parseErrorBody({ error: { code: 'db_busy' } })).toEqual({ code: 'db_busy', message: describeApiError('db_busy') });
    expect(parseErrorBody({ error: 'old shape' })).toBeUndefined();
    const sdkError = Object.assign(new Error('raw'), { statusCode: 409, responseBody: JSON.stringify({ error: { code: 'run_active', message: 'Busy here.' } }) });
    expect(readError(sdkError)).toEqual({ message: 'Busy here.', status: 409, code: 'run_active' });
  });
});
