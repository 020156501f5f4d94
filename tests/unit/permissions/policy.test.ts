import { describe, expect, it } from 'vitest';
import {
  decidePermission,
  modeAction,
  permissionClassOf,
  PERMISSION_CLASSES,
  PERMISSION_MODES,
  PLAN_MODE_REASON,
  toolsOfferedIn,
  type PermissionAction,
  type PermissionClass,
  type PermissionMode,
} from '@/lib/permissions/policy';

/** The table from issue 4, spelled out cell by cell. */
const TABLE: Record<PermissionMode, Record<PermissionClass, PermissionAction>> = {
  plan: { read: 'run', write: 'deny', network: 'deny', external: 'deny' },
  ask: { read: 'run', write: 'ask', network: 'ask', external: 'ask' },
  'accept-edits': { read: 'run', write: 'run', network: 'ask', external: 'ask' },
  auto: { read: 'run', write: 'run', network: 'run', external: 'run' },
};

describe('permission table', () => {
  for (const mode of PERMISSION_MODES) {
    for (const toolClass of PERMISSION_CLASSES) {
      const expected = TABLE[mode][toolClass];
      it(`${mode} × ${toolClass} → ${expected}`, () => {
        expect(modeAction(mode, toolClass)).toBe(expected);
        const decision = decidePermission({ mode, toolName: 'tool_x', toolClass, granted: false });
        expect(decision.action).toBe(expected);
        expect(decision.reason.length).toBeGreaterThan(0);
      });
    }
  }

  it('says why a call ran, asked or was refused', () => {
    expect(decidePermission({ mode: 'ask', toolName: 'calculator', toolClass: 'read', granted: false }).reason).toBe('mode ask: read tool');
    expect(decidePermission({ mode: 'auto', toolName: 'write_file', toolClass: 'write', granted: false }).reason).toBe('mode auto');
    expect(decidePermission({ mode: 'accept-edits', toolName: 'write_file', toolClass: 'write', granted: false }).reason).toBe('mode accept-edits');
    expect(decidePermission({ mode: 'plan', toolName: 'write_file', toolClass: 'write', granted: false }).reason).toBe(PLAN_MODE_REASON);
    expect(decidePermission({ mode: 'ask', toolName: 'fetch_url', toolClass: 'network', granted: false }).reason).toMatch(/reaches outside the app; mode ask asks first/);
  });
});

describe('grants', () => {
  it.each(['ask', 'accept-edits'] as const)('a grant lets an asking call run in %s mode', (mode) => {
    expect(decidePermission({ mode, toolName: 'fetch_url', toolClass: 'network', granted: true })).toEqual({
      action: 'run',
      reason: 'grant: always allow fetch_url',
    });
  });

  it.each(['write', 'network', 'external'] as const)('a grant never overrides plan mode (%s)', (toolClass) => {
    expect(decidePermission({ mode: 'plan', toolName: 't', toolClass, granted: true })).toEqual({ action: 'deny', reason: PLAN_MODE_REASON });
  });

  it('a call the mode already allows is credited to the mode, not the grant', () => {
    expect(decidePermission({ mode: 'auto', toolName: 't', toolClass: 'external', granted: true }).reason).toBe('mode auto');
  });
});

describe("the user's answer", () => {
  it('an approved call runs, and says whether the arguments were edited', () => {
    expect(decidePermission({ mode: 'ask', toolName: 't', toolClass: 'write', granted: false, userDecision: { approved: true, editedInput: false } })).toEqual({
      action: 'run',
      reason: 'approved by you',
    });
    expect(decidePermission({ mode: 'ask', toolName: 't', toolClass: 'write', granted: false, userDecision: { approved: true, editedInput: true } }).reason).toBe(
      'approved by you with edited arguments',
    );
  });

  it('a denied call is refused with the reason', () => {
    expect(decidePermission({ mode: 'ask', toolName: 't', toolClass: 'write', granted: false, userDecision: { approved: false, reason: 'not now' } })).toEqual({
      action: 'deny',
      reason: 'denied by you: not now',
    });
  });

  it('an approval answered after switching to plan mode is still refused', () => {
    expect(decidePermission({ mode: 'plan', toolName: 't', toolClass: 'write', granted: false, userDecision: { approved: true, editedInput: false } })).toEqual({
      action: 'deny',
      reason: PLAN_MODE_REASON,
    });
  });
});

describe('tool classes', () => {
  it('a tool without a class is treated as external', () => {
    expect(permissionClassOf({})).toBe('external');
    expect(decidePermission({ mode: 'accept-edits', toolName: 'mystery', toolClass: permissionClassOf({}), granted: false }).action).toBe('ask');
  });

  it('plan mode offers only read tools to the model', () => {
    const tools = [{ name: 'r', permission: 'read' as const }, { name: 'w', permission: 'write' as const }, { name: 'n', permission: 'network' as const }, { name: 'x' }];
    expect(toolsOfferedIn('plan', tools).map((t) => t.name)).toEqual(['r']);
    expect(toolsOfferedIn('ask', tools).map((t) => t.name)).toEqual(['r', 'w', 'n', 'x']);
  });
});
