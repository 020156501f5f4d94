import 'server-only';
import { isToolUIPart } from 'ai';
import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { decideApprovals, getApprovals, pendingApprovalsForMessage } from '@/db/queries/approvals';
import { grantTool } from '@/db/queries/grants';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { AgentTool, ApprovalAnswer } from '@/lib/agent/types';
import { canonicalJson } from '@/lib/agent/canonical-json';
import { validateToolInput } from '@/lib/agent/validate-input';
import { verifyApproval } from '@/lib/permissions/signature';
import type { ApprovalDecision } from '@/lib/api/approval-request';
import { approvalSecret } from './approval-secret';
import { ApiError } from './http';
import { requireSession } from './session-access';
import { sessionToolsFor } from './session-tool-stores';

/**
 * Turns the client's approval decisions into answers the loop can resume
 * with, or rejects the whole request (400, nothing recorded, nothing run):
 * an approval the server never issued or that belongs to another session, one
 * already answered (a replay), a signature that does not match what the server
 * asked about, a stored call that no longer matches its approval, or edited
 * arguments that fail the tool's schema.
 */

const generateGrantId = createIdGenerator({ prefix: 'grant', size: 16 });

export interface ValidatedAnswers {
  /** The assistant message the continuation writes into. */
  messageId: string;
  answers: ApprovalAnswer[];
  /** Tools the user chose to always allow. */
  grants: string[];
}

const reject = (message: string) => new ApiError('invalid_approval', message);

export async function validateApprovalDecisions(input: {
  db: Db;
  ownerId: string;
  sessionId: string;
  decisions: readonly ApprovalDecision[];
  history: readonly AgentUIMessage[];
  tools: readonly AgentTool[];
}): Promise<ValidatedAnswers> {
  const { db, ownerId, sessionId, decisions, history, tools } = input;
  const ids = decisions.map((d) => d.approvalId);
  if (new Set(ids).size !== ids.length) throw reject('Each approval may be answered once per request.');

  const rows = new Map((await getApprovals(db, ownerId, sessionId, ids)).map((row) => [row.id, row]));
  const last = history.at(-1);
  const answers: ApprovalAnswer[] = [];
  const grants: string[] = [];
  let messageId: string | undefined;

  for (const decision of decisions) {
    const row = rows.get(decision.approvalId);
    if (!row) throw reject(`Unknown approval ${decision.approvalId}: the server never asked for it in this session.`);
    if (row.status !== 'pending') throw reject(`Approval ${row.id} was already answered (${row.status}).`);
    if (messageId && row.messageId !== messageId) throw reject('All answers must belong to the same message.');
    messageId = row.messageId;
    if (last?.role !== 'assistant' || last.id !== row.messageId) throw reject(`Approval ${row.id} is no longer current: the conversation moved on.`);

    const storedInput: unknown = JSON.parse(row.input);
    const subject = { approvalId: row.id, toolCallId: row.toolCallId, toolName: row.toolName, input: storedInput };
    if (!(await verifyApproval(approvalSecret(), decision.signature, subject))) throw reject(`Approval ${row.id} has an invalid signature.`);

    const part = last.parts.find((p) => isToolUIPart(p) && p.toolCallId === row.toolCallId);
    if (!part || !isToolUIPart(part) || part.state !== 'approval-requested' || part.approval.id !== row.id || canonicalJson(part.input) !== row.input) {
      throw reject(`Approval ${row.id} does not match the stored tool call.`);
    }

    const answer: ApprovalAnswer = { approvalId: row.id, toolCallId: row.toolCallId, approved: decision.approved };
    if (decision.reason) answer.reason = decision.reason;
    if (decision.approved && decision.editedInput !== undefined) {
      const edited = await validateEditedInput(tools.find((t) => t.name === row.toolName), decision.editedInput);
      // An editor opened and approved unchanged is a plain approval: nothing to mark as edited.
      if (canonicalJson(edited) !== row.input) {
        answer.editedInput = edited;
        answer.originalInput = storedInput;
      }
    }
    if (decision.approved && decision.alwaysAllow) grants.push(row.toolName);
    answers.push(answer);
  }

  const stillPending = (await pendingApprovalsForMessage(db, ownerId, sessionId, messageId!)).filter((row) => !ids.includes(row.id));
  if (stillPending.length > 0) {
    throw reject(`Answer every pending approval of the message together (${stillPending.length} more ${stillPending.length === 1 ? 'is' : 'are'} waiting).`);
  }
  return { messageId: messageId!, answers, grants: [...new Set(grants)] };
}

/** Edited arguments are checked against the tool's schema (JSON Schema with ajv, or the tool's own validator): the message says what is wrong. */
async function validateEditedInput(tool: AgentTool | undefined, value: unknown): Promise<unknown> {
  if (!tool) throw reject('The tool is no longer available, so its arguments cannot be edited.');
  const check = await validateToolInput(tool, value);
  if (!check.ok) throw new ApiError('invalid_arguments', check.message);
  return check.value;
}

/**
 * The approval card's check of edited arguments before it sends them: the
 * same check the answer gets, without answering anything. Answers the error
 * (400 `invalid_arguments`) with what is wrong.
 */
export async function checkEditedArguments(request: Request, sessionId: string, approvalId: string, editedInput: unknown): Promise<void> {
  const { db, ownerId } = await requireSession(request, sessionId);
  const [row] = await getApprovals(db, ownerId, sessionId, [approvalId]);
  if (!row) throw new ApiError('not_found', 'No such approval in this session.');
  if (row.status !== 'pending') throw reject(`Approval ${row.id} was already answered (${row.status}).`);
  // The tools of a run: an MCP tool's schema comes from its server.
  const toolSet = await sessionToolsFor({ db, ownerId, sessionId });
  try {
    await validateEditedInput(toolSet.tools.find((t) => t.name === row.toolName), editedInput);
  } finally {
    await toolSet.close().catch(() => {});
  }
}

/** Records the answers (all or none; a concurrent answer makes this a replay) and the new grants. */
export async function recordApprovalDecisions(db: Db, ownerId: string, sessionId: string, validated: ValidatedAnswers): Promise<void> {
  const recorded = await decideApprovals(
    db,
    ownerId,
    sessionId,
    validated.answers.map((a) => ({ id: a.approvalId, approved: a.approved, reason: a.reason })),
  );
  if (!recorded) throw reject('These approvals were already answered.');
  for (const toolName of validated.grants) await grantTool(db, { id: generateGrantId(), ownerId, sessionId, toolName });
}
