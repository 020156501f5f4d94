import 'server-only';
import { PEER_HEADER } from '@/lib/security/request-guard.mjs';
import { accountsEnabled } from '@/lib/security/accounts-mode.mjs';
import { ApiError } from './http';
import { requireAdmin } from './owner';

/**
 * Whether the request came from this machine itself. Only scripts/server.mjs sets the
 * header, after removing any value a client sent, and it says "remote" whenever a proxy
 * forwarded the request. Without our server in front (no header), nothing is local.
 */
function isFromThisMachine(request: Request): boolean {
  return request.headers.get(PEER_HEADER) === 'loopback';
}

/**
 * For actions that run commands on the host (stdio MCP servers). With accounts on,
 * only an administrator (403 for anyone else, 401 without a session); without
 * accounts, only the operator at this machine.
 */
export async function requireHostCommandOperator(request: Request, action: string): Promise<void> {
  if (accountsEnabled()) {
    await requireAdmin(request);
    return;
  }
  if (isFromThisMachine(request)) return;
  throw new ApiError('local_only', `${action} is allowed only from this machine: open the playground at http://localhost on the server itself (not through a proxy or another computer).`);
}
