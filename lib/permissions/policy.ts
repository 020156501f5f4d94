/**
 * The permission table: which tool calls run, ask or are refused in each mode.
 * Framework-free and pure, so every cell is unit-tested and the server, the
 * loop hooks and the UI all read the same rules.
 *
 *                 read    write   network   external
 *   plan          run     deny    deny      deny      (non-read tools are not even offered)
 *   ask           run     ask     ask       ask       (the default)
 *   accept-edits  run     run     ask       ask
 *   auto          run     run     run       run
 *
 * A standing grant ("Always allow TOOL in this session") turns `ask` into `run`.
 * It never overrides plan mode: plan is the user's promise that nothing changes,
 * so a grant made earlier waits until the session leaves plan mode.
 */

export const PERMISSION_MODES = ['plan', 'ask', 'accept-edits', 'auto'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export const PERMISSION_CLASSES = ['read', 'write', 'network', 'external'] as const;
export type PermissionClass = (typeof PERMISSION_CLASSES)[number];

/** A tool that declares no class has unknown effects: it is treated like an MCP tool. */
export function permissionClassOf(tool: { permission?: PermissionClass }): PermissionClass {
  return tool.permission ?? 'external';
}

export type PermissionAction = 'run' | 'ask' | 'deny';

/** What the table says for a mode and a class, before grants. */
export function modeAction(mode: PermissionMode, toolClass: PermissionClass): PermissionAction {
  if (toolClass === 'read') return 'run';
  switch (mode) {
    case 'plan':
      return 'deny';
    case 'ask':
      return 'ask';
    case 'accept-edits':
      return toolClass === 'write' ? 'run' : 'ask';
    case 'auto':
      return 'run';
  }
}

export interface PermissionRequest {
  mode: PermissionMode;
  toolName: string;
  toolClass: PermissionClass;
  /** The session has a standing grant for this tool. */
  granted: boolean;
  /** The user answered an approval prompt for this very call. */
  userDecision?: { approved: true; editedInput: boolean } | { approved: false; reason?: string };
}

export interface PermissionDecision {
  action: PermissionAction;
  /** Why, in words shown on the tool card: "mode auto", "grant: always allow write_file", "approved by you"… */
  reason: string;
}

export const PLAN_MODE_REASON = 'plan mode is read-only';

/** The one place that decides whether a tool call runs, asks or is refused, and says why. */
export function decidePermission(request: PermissionRequest): PermissionDecision {
  const { mode, toolName, toolClass, granted, userDecision } = request;
  const table = modeAction(mode, toolClass);
  // Plan mode wins over everything, answers and grants included: it cannot be bypassed.
  if (table === 'deny') return { action: 'deny', reason: PLAN_MODE_REASON };
  if (userDecision) {
    if (!userDecision.approved) return { action: 'deny', reason: userDecision.reason ? `denied by you: ${userDecision.reason}` : 'denied by you' };
    return { action: 'run', reason: userDecision.editedInput ? 'approved by you with edited arguments' : 'approved by you' };
  }
  if (table === 'run') return { action: 'run', reason: toolClass === 'read' ? `mode ${mode}: read tool` : `mode ${mode}` };
  if (granted) return { action: 'run', reason: `grant: always allow ${toolName}` };
  return { action: 'ask', reason: askReason(mode, toolClass) };
}

/** The sentence on the approval prompt: why this call waits. */
function askReason(mode: PermissionMode, toolClass: PermissionClass): string {
  const what: Record<PermissionClass, string> = {
    read: 'reads data',
    write: 'changes the workspace',
    network: 'reaches outside the app',
    external: 'has effects the app cannot check',
  };
  return `This tool ${what[toolClass]}; mode ${mode} asks first.`;
}

/** The tools the model is offered in a mode: plan mode hides everything but read tools. */
export function toolsOfferedIn<T extends { permission?: PermissionClass }>(mode: PermissionMode, tools: readonly T[]): T[] {
  return mode === 'plan' ? tools.filter((tool) => permissionClassOf(tool) === 'read') : [...tools];
}

export const PLAN_MODE_INSTRUCTIONS =
  'Plan mode is on: you may only use read-only tools. Investigate and propose a plan; do not try to change anything.';
