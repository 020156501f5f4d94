/**
 * The API's error contract, shared by server and browser (framework-free, no
 * server imports). Every error answer is `{ error: { code, message } }` with
 * the status this table gives its code; the browser turns codes into plain
 * words with `describeApiError`.
 */

export const API_ERROR_STATUS = {
  bad_request: 400,
  bad_path: 400,
  invalid_approval: 400,
  invalid_arguments: 400,
  invalid_import: 400,
  unknown_model: 400,
  stdio_disabled: 400,
  secrets_unavailable: 400,
  unauthorized: 401,
  forbidden: 403,
  local_only: 403,
  host_not_allowed: 403,
  cross_site: 403,
  not_found: 404,
  queue_empty: 404,
  not_queued: 404,
  run_active: 409,
  duplicate_message: 409,
  name_taken: 409,
  command_changed: 409,
  command_unconfirmed: 409,
  method_not_allowed: 405,
  too_large: 413,
  unsupported_media_type: 415,
  unsupported_attachment: 415,
  images_not_supported: 422,
  rate_limited: 429,
  not_implemented: 501,
  transcription_unavailable: 501,
  internal: 500,
  mcp_unavailable: 502,
  transcription_failed: 502,
  db_busy: 503,
  shutting_down: 503,
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string };
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);
}

/** Plain words for each code, for when the server's own message is missing (or for a title). */
const DESCRIPTIONS: Record<ApiErrorCode, string> = {
  bad_request: 'The server could not accept this request.',
  bad_path: 'The address of this request is malformed.',
  invalid_approval: 'This approval is no longer valid. Reload the page and answer again.',
  invalid_arguments: 'These arguments do not fit the tool. Correct them and try again.',
  invalid_import: 'This file is not a session export this app can import.',
  unknown_model: 'This model is not available. Pick another one.',
  stdio_disabled: 'Command-line MCP servers are turned off on this server.',
  secrets_unavailable: 'This server cannot store secrets until its operator sets AUTH_SECRET.',
  unauthorized: 'Sign in to continue.',
  forbidden: 'Only an administrator can do this.',
  local_only: 'This action is allowed only on the server’s own machine.',
  host_not_allowed: 'This server does not answer for this address.',
  cross_site: 'The request came from another site and was refused.',
  not_found: 'It no longer exists.',
  queue_empty: 'Nothing is queued.',
  not_queued: 'This message is no longer queued.',
  run_active: 'The agent is still working in this session. Wait for it to finish or press Stop, then try again.',
  duplicate_message: 'This message was already sent.',
  name_taken: 'That name is already taken.',
  command_changed: 'The command changed since you looked at it. Reload the page and review it again.',
  command_unconfirmed: 'Confirm this server’s command in Settings before it can run.',
  method_not_allowed: 'This address does not accept this kind of request.',
  too_large: 'This is too large for the server to accept.',
  unsupported_media_type: 'The server accepts only JSON requests.',
  unsupported_attachment: 'Only PNG, JPEG, GIF and WebP images can be attached.',
  images_not_supported: 'This model does not take images. Remove the image or pick a model that can see images.',
  rate_limited: 'Too many requests. Wait a moment and try again.',
  not_implemented: 'This server does not support this kind of request.',
  internal: 'The server hit an unexpected error. Try again in a moment.',
  transcription_unavailable: 'Dictation is not available on this server.',
  transcription_failed: 'The recording could not be transcribed. Try again, or type instead.',
  mcp_unavailable: 'An MCP server could not be reached or did not answer. Check it in Settings → MCP servers.',
  db_busy: 'The database is busy. Nothing was saved; try again in a moment.',
  shutting_down: 'The server is restarting. Try again in a moment.',
};

export function describeApiError(code: ApiErrorCode): string {
  return DESCRIPTIONS[code];
}
