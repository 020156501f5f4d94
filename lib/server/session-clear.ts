import 'server-only';
import type { SessionSummary } from '@/lib/api-types';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { limitRequest } from './rate-limit';
import { insertCopiedSession } from './session-transfer';
import { requireSession } from './session-access';

/** What a session is called until its first message names it (as a new session is). */
const UNTITLED = 'New session';

/**
 * `/clear`: a new, empty session with this one's model, permission mode,
 * settings and MCP switches, as a new session would be if it had been set up
 * the same way. Nothing of the conversation or the workspace goes with it, and
 * the original stays as it is.
 */
export async function clearSessionFor(request: Request, sessionId: string): Promise<SessionSummary> {
  await limitRequest('tool', request);
  const { session } = await requireSession(request, sessionId);
  return insertCopiedSession(request, {
    title: UNTITLED,
    titleSource: 'default',
    modelKey: session.modelKey,
    messages: [],
    files: [],
    settings: sessionLoopSettings(session.settings),
    permissionMode: session.permissionMode,
    mcpOverrides: session.mcpOverrides,
  });
}
