import 'server-only';
import { getRunningRun } from '@/db/queries/runs';
import { loadMessageTree, pathTo, setActiveLeaf } from '@/db/queries/messages';
import { loadLatestSnapshot, replaceWorkspace, saveWorkspaceSnapshot } from '@/db/queries/workspace-snapshots';
import type { BranchMap } from '@/lib/api-types';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { getAppDb } from './db';
import { ApiError } from './http';
import { isSessionRunning } from './run-manager';
import { requireSession } from './session-access';

/**
 * Branches of a session's message tree. The session shows one path, from a
 * first message to its active leaf; a message with siblings (an answer
 * regenerated, a message edited) can be switched to any of them, and the
 * path then continues down that sibling's most recent line.
 */

type TreeRow = { id: string; parentId: string | null };

function childrenOf(rows: readonly TreeRow[]): Map<string | null, string[]> {
  const children = new Map<string | null, string[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  return children;
}

/** Where each message of `path` stands among its versions, for those that have more than one. */
export function branchMap(rows: readonly TreeRow[], path: readonly string[]): BranchMap {
  const children = childrenOf(rows);
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  const map: BranchMap = {};
  for (const id of path) {
    const siblings = children.get(parents.get(id) ?? null) ?? [];
    if (siblings.length > 1) map[id] = { siblings, index: siblings.indexOf(id) };
  }
  return map;
}

/** The leaf a switch to `messageId` lands on: down its most recent child, then that one's, to the end. */
export function latestLeafUnder(rows: readonly TreeRow[], messageId: string): string {
  const children = childrenOf(rows);
  let leaf = messageId;
  for (let next = children.get(leaf)?.at(-1); next !== undefined; next = children.get(leaf)?.at(-1)) leaf = next;
  return leaf;
}

export async function branchesOf(ownerId: string, sessionId: string, messages: readonly AgentUIMessage[]): Promise<BranchMap> {
  const rows = await loadMessageTree(await getAppDb(), ownerId, sessionId);
  return branchMap(rows, messages.map((message) => message.id));
}

/**
 * Shows the branch through `messageId` (a sibling of a shown message); refused while a run works on the session.
 * The workspace follows the branch: the files as they are now are saved under the current leaf (nothing is lost),
 * then the latest snapshot on the target branch becomes the workspace. A branch with no snapshot at all (no run
 * on it ended yet) leaves the files as they are; an empty snapshot empties them.
 */
export async function switchBranchFor(request: Request, sessionId: string, messageId: string): Promise<void> {
  const { db, ownerId, session } = await requireSession(request, sessionId);
  if (isSessionRunning(session.id) || (await getRunningRun(db, ownerId, session.id))) {
    throw new ApiError('run_active', 'The agent is still working in this session. Wait for it to finish or press Stop, then switch.');
  }
  const rows = await loadMessageTree(db, ownerId, session.id);
  if (!rows.some((row) => row.id === messageId)) throw new ApiError('not_found', 'That message is not in this session.');
  const leaf = latestLeafUnder(rows, messageId);
  const target = pathTo(leaf, new Map(rows.map((row) => [row.id, row.parentId])));
  const files = await loadLatestSnapshot(db, ownerId, target);
  const current = session.activeLeafId;
  if (current !== leaf) {
    if (current && rows.some((row) => row.id === current)) await saveWorkspaceSnapshot(db, ownerId, session.id, current);
    if (files) await replaceWorkspace(db, ownerId, session.id, files);
  }
  await setActiveLeaf(db, ownerId, session.id, leaf);
}
