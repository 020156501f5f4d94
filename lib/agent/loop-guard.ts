/**
 * Loop guard: notices when the model keeps making the same call, nudges it to
 * change course, and stops the run when nudging doesn't help. One job, named
 * thresholds, tested alone (modelled on Gemini CLI's loop detection service).
 */

import { canonicalJson } from './canonical-json';

export interface LoopGuardThresholds {
  /** Identical calls (tool + canonical args) in a row before a nudge. */
  repeatLimit: number;
  /** Calls of the same tool in a row, whatever the args, before a nudge. */
  sameToolLimit: number;
  /** Nudges in one run; the detection after the last allowed nudge stops the run. */
  maxNudges: number;
}

const DEFAULT_LOOP_GUARD_THRESHOLDS: LoopGuardThresholds = { repeatLimit: 5, sameToolLimit: 10, maxNudges: 5 };

export type LoopGuardVerdict =
  | { kind: 'ok' }
  | { kind: 'nudge' | 'stop'; trigger: 'same-call' | 'same-tool'; call: string; toolName: string; count: number; nudges: number; message: string };

/** `calculator({"expression":"1+1"})`: keys sorted at every level, so `{a,b}` and `{b,a}` fingerprint the same. */
export function fingerprintCall(toolName: string, input: unknown): string {
  return `${toolName}(${canonicalJson(input)})`;
}

/** What the guard remembers between steps (see LoopGuard.snapshot). */
export interface LoopGuardState {
  lastCall?: string;
  sameCallStreak: number;
  lastTool?: string;
  sameToolStreak: number;
  nudgesGiven: number;
}

export class LoopGuard {
  private lastCall: string | undefined;
  private sameCallStreak = 0;
  private lastTool: string | undefined;
  private sameToolStreak = 0;
  private nudgesGiven = 0;

  constructor(private readonly thresholds: LoopGuardThresholds = DEFAULT_LOOP_GUARD_THRESHOLDS) {}

  get nudges(): number {
    return this.nudgesGiven;
  }

  /** The streaks and nudges so far, as plain data: a run that continues in another process picks them up (restore). */
  snapshot(): LoopGuardState {
    return { lastCall: this.lastCall, sameCallStreak: this.sameCallStreak, lastTool: this.lastTool, sameToolStreak: this.sameToolStreak, nudgesGiven: this.nudgesGiven };
  }

  restore(state: LoopGuardState): void {
    ({ lastCall: this.lastCall, sameCallStreak: this.sameCallStreak, lastTool: this.lastTool, sameToolStreak: this.sameToolStreak, nudgesGiven: this.nudgesGiven } = state);
  }

  /** Records the calls of one step in request order and returns the first detection, if any. */
  observe(calls: ReadonlyArray<{ toolName: string; input: unknown }>): LoopGuardVerdict {
    let verdict: LoopGuardVerdict = { kind: 'ok' };
    for (const call of calls) {
      const result = this.record(call.toolName, call.input);
      if (verdict.kind === 'ok' && result.kind !== 'ok') verdict = result;
    }
    return verdict;
  }

  record(toolName: string, input: unknown): LoopGuardVerdict {
    const fingerprint = fingerprintCall(toolName, input);
    this.sameCallStreak = fingerprint === this.lastCall ? this.sameCallStreak + 1 : 1;
    this.lastCall = fingerprint;
    this.sameToolStreak = toolName === this.lastTool ? this.sameToolStreak + 1 : 1;
    this.lastTool = toolName;

    if (this.sameCallStreak >= this.thresholds.repeatLimit) {
      return this.detect('same-call', fingerprint, toolName, this.sameCallStreak);
    }
    if (this.sameToolStreak >= this.thresholds.sameToolLimit) {
      return this.detect('same-tool', fingerprint, toolName, this.sameToolStreak);
    }
    return { kind: 'ok' };
  }

  private detect(trigger: 'same-call' | 'same-tool', call: string, toolName: string, count: number): LoopGuardVerdict {
    // Start counting afresh, so the next nudge needs a new full streak.
    this.sameCallStreak = 0;
    this.sameToolStreak = 0;
    this.lastCall = undefined;
    this.lastTool = undefined;
    if (this.nudgesGiven >= this.thresholds.maxNudges) {
      return {
        kind: 'stop',
        trigger,
        call,
        toolName,
        count,
        nudges: this.nudgesGiven,
        message: `Stopped: the agent kept repeating ${trigger === 'same-call' ? call : toolName} after ${this.nudgesGiven} nudges.`,
      };
    }
    this.nudgesGiven += 1;
    const message =
      trigger === 'same-call'
        ? `You are repeating ${call} with the same arguments (${count} times in a row); try a different approach.`
        : `You have called ${toolName} ${count} times in a row; try a different approach.`;
    return { kind: 'nudge', trigger, call, toolName, count, nudges: this.nudgesGiven, message };
  }
}
