import 'server-only';
import { createIdGenerator } from 'ai';
import { listMcpServers } from '@/db/queries/mcp-servers';
import { loadMessageRows } from '@/db/queries/messages';
import { loadSnapshotFiles } from '@/db/queries/workspace-snapshots';
import type { EditableRequest } from '@/lib/agent/editable-request';
import { modelToUIMessages } from '@/lib/agent/model-to-ui-messages';
import { parseMcpToolName } from '@/lib/mcp/names';
import { withToolSwitch, type McpSessionOverrides } from '@/lib/mcp/tool-switches';
import { MAX_SYSTEM_PROMPT_CHARS } from '@/lib/agent/settings';
import type { RerunRequest, RerunResponse } from '@/lib/api/step-debugger';
import { sessionLoopSettings } from '@/lib/settings/loop-settings';
import { ApiError } from './http';
import { agentInstructions } from './instructions';
import { keepRunning } from './invocation';
import { resolveModelFor } from './models';
import { limitRequest } from './rate-limit';
import { claimSession, releaseSession, startRun } from './run-manager';
import { insertCopiedSession } from './session-transfer';
import { requireSession } from './session-access';
import { requireModelStep } from './step-request';
import { loadSessionMessages } from './stored-messages';

const newMessageId = createIdGenerator({ prefix: 'msg', size: 16 });

/**
 * "Edit and re-run": a new session (a fork, linked back to the run's message)
 * whose history is the edited request, and a run on it: the loop goes on from
 * there with the session's tools, settings, permission mode and MCP switches,
 * and the workspace as it was when that step's run began (workspace snapshots
 * are taken per run). The edited sampling settings and tool switches become the
 * fork's settings. The original session is only read.
 */
export async function rerunStepFor(request: Request, runId: string, stepNumber: number, body: RerunRequest): Promise<RerunResponse> {
  await limitRequest('chat', request);
  if (body.request.messages.length === 0) throw new ApiError('bad_request', 'The request has no messages: add at least one before running it.');
  const step = await requireModelStep(request, runId, stepNumber);
  const { db, ownerId, session } = await requireSession(request, step.run.sessionId);
  const model = await resolveModelFor(ownerId, body.modelKey ?? step.run.modelKey);

  const messages = modelToUIMessages(body.request.messages, newMessageId);
  // The branch up to the run's message; the run's own snapshot is the workspace after it, so it is left out.
  const rows = await loadMessageRows(db, ownerId, session.id, step.run.messageId);
  const before = rows.filter((row) => row.id !== step.run.messageId).map((row) => row.id);
  const files = await loadSnapshotFiles(db, ownerId, before);

  const settings = forkSettings(sessionLoopSettings(session.settings), step.request, body.request, new Date(step.trace.startedAt));
  const fork = await insertCopiedSession(request, {
    title: `${session.title} (step ${stepNumber + 1} edited)`.slice(0, 200),
    modelKey: model.info.key,
    messages,
    files,
    settings,
    permissionMode: session.permissionMode,
    mcpOverrides: await forkMcpOverrides(db, ownerId, session.mcpOverrides, switchedOff(body.request)),
    forkedFrom: { sessionId: session.id, messageId: step.run.messageId },
  });

  await claimSession(db, ownerId, fork.id);
  try {
    const history = await loadSessionMessages(db, ownerId, fork.id);
    const run = await startRun({ db, ownerId, sessionId: fork.id, history, model, settings, origin: new URL(request.url).origin });
    keepRunning(run.done);
    return { session: { id: fork.id, title: fork.title }, runId: run.runId };
  } catch (error) {
    releaseSession(fork.id);
    throw error;
  }
}

type Overrides = ReturnType<typeof sessionLoopSettings>;

/**
 * The fork's settings: the session's, with the edited sampling settings (a
 * field cleared in the editor is the model's default again), the tools
 * switched off in the editor added to the switched-off ones, and edited
 * instructions as the session's system prompt: the part after the app's own
 * instructions, or (when those were rewritten) the whole text, which then
 * follows the app's instructions instead of replacing them.
 */
function forkSettings(current: Overrides, original: EditableRequest, edited: EditableRequest, stepDate: Date): Overrides {
  const next: Record<string, unknown> = { ...current };
  if (edited.instructions !== original.instructions) {
    const base = agentInstructions(Number.isNaN(stepDate.getTime()) ? new Date() : stepDate);
    const own = edited.instructions.startsWith(base) ? edited.instructions.slice(base.length) : edited.instructions;
    next.systemPrompt = own.trim().slice(0, MAX_SYSTEM_PROMPT_CHARS);
  }
  for (const key of ['temperature', 'topP', 'maxOutputTokens'] as const) {
    if (edited.settings[key] === original.settings[key]) continue;
    if (edited.settings[key] === undefined) delete next[key];
    else next[key] = edited.settings[key];
  }
  const off = switchedOff(edited).filter((name) => !parseMcpToolName(name));
  if (off.length) next.disabledTools = [...new Set([...((current as { disabledTools?: string[] }).disabledTools ?? []), ...off])].slice(0, 100);
  return sessionLoopSettings(next);
}

/** The tools switched off in the editor, by their model-facing names. */
function switchedOff(edited: EditableRequest): string[] {
  return edited.tools.filter((tool) => !tool.enabled).map((tool) => tool.name);
}

/**
 * The fork's MCP switches: the session's, with each MCP tool (`server__tool`) switched off in the editor
 * switched off for the fork too. Built-in tools go to the settings' switched-off list instead (forkSettings).
 */
async function forkMcpOverrides(db: Parameters<typeof listMcpServers>[0], ownerId: string, current: McpSessionOverrides, off: readonly string[]): Promise<McpSessionOverrides> {
  const wanted = off.map(parseMcpToolName).filter((name) => name !== null);
  if (!wanted.length) return current;
  const servers = await listMcpServers(db, ownerId);
  let overrides = current;
  for (const { server: serverName, tool } of wanted) {
    const server = servers.find((row) => row.name === serverName);
    if (server) overrides = withToolSwitch(overrides, server, tool, false);
  }
  return overrides;
}
