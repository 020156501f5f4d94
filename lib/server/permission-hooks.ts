import 'server-only';
import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { claimApprovedCall, insertPendingApproval } from '@/db/queries/approvals';
import { toolPermissionState } from '@/db/queries/grants';
import { getPermissionMode } from '@/db/queries/sessions';
import type { AgentHooks, BeforeToolCallContext, BeforeToolCallDecision } from '@/lib/agent';
import type { AgentTool } from '@/lib/agent/types';
import { canonicalJson } from '@/lib/agent/canonical-json';
import { signApproval } from '@/lib/permissions/signature';
import { decidePermission, permissionClassOf, PLAN_MODE_INSTRUCTIONS, toolsOfferedIn } from '@/lib/permissions/policy';
import { approvalSecret } from './approval-secret';

/**
 * The session's permission mode, enforced inside the loop. The mode and the
 * grants are read from the database at every model call and every tool call,
 * so a switch applies from the next call, even mid-run; nothing in a request
 * body can change them.
 */

export interface PermissionContext {
  db: Db;
  ownerId: string;
  sessionId: string;
  runId: string;
  /** The assistant message the run writes (approval rows point at it). */
  messageId: string;
  tools: readonly AgentTool[];
}

const generateApprovalId = createIdGenerator({ prefix: 'apr', size: 20 });

export function permissionHooks(ctx: PermissionContext): Pick<AgentHooks, 'beforeModelCall' | 'beforeToolCall'> {
  const byName = new Map(ctx.tools.map((tool) => [tool.name, tool]));
  return {
    beforeModelCall: [
      {
        name: 'permission-mode',
        run: async ({ tools, instructions }) => {
          const mode = (await getPermissionMode(ctx.db, ctx.ownerId, ctx.sessionId)) ?? 'ask';
          if (mode !== 'plan') return undefined;
          return { tools: toolsOfferedIn('plan', tools), instructions: `${instructions}\n\n${PLAN_MODE_INSTRUCTIONS}`.trim() };
        },
      },
    ],
    beforeToolCall: [{ name: 'permissions', failClosed: true, run: (call) => authorizeToolCall(ctx, byName.get(call.toolName) ?? { permission: call.permission }, call) }],
  };
}

async function authorizeToolCall(ctx: PermissionContext, tool: Pick<AgentTool, 'permission'> | undefined, call: BeforeToolCallContext): Promise<BeforeToolCallDecision> {
  const { db, ownerId, sessionId } = ctx;
  // The mode and the tool's grant in one read.
  const state = await toolPermissionState(db, ownerId, sessionId, call.toolName);
  if (!state) return { action: 'deny', reason: 'the session no longer exists' };
  const decision = decidePermission({
    mode: state.mode,
    toolName: call.toolName,
    toolClass: permissionClassOf(tool ?? {}),
    granted: state.granted,
    userDecision: call.userDecision,
  });
  if (decision.action === 'deny') return { action: 'deny', reason: decision.reason };
  if (decision.action === 'run') {
    // The one gate before an approved call runs: approved → executed happens once.
    if (call.userDecision?.approved && !(await claimApprovedCall(db, ownerId, sessionId, call.toolCallId))) {
      return { action: 'deny', reason: 'this call was already executed or was not approved' };
    }
    return { action: 'allow', reason: decision.reason };
  }
  const approvalId = generateApprovalId();
  await insertPendingApproval(db, {
    id: approvalId,
    ownerId,
    sessionId,
    runId: ctx.runId,
    messageId: ctx.messageId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: canonicalJson(call.input),
  });
  const signature = await signApproval(approvalSecret(), { approvalId, toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
  return { action: 'ask', approvalId, signature, reason: decision.reason };
}
