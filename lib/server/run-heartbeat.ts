import 'server-only';
import type { Db } from '@/db/client';
import { renewRunLeases } from '@/db/queries/runs';
import { preparedPerDb } from '@/db/prepared';
import { HEARTBEAT_MS, LEASE_MS } from './recovery';
import type { RunLease } from './run-lease';
import type { LogLine } from './run-stream';

/**
 * How long before its lease runs out (as this process counts it) a run stops writing on trust and asks the database
 * first: other instances take a run over once its lease ran out by their clocks, so this covers clocks that differ by
 * up to this much, and a write that was on its way when the lease ran out.
 */
const LEASE_MARGIN_MS = 3_000;

/** Nobody else can have taken the run yet: its last renewal started less than the lease minus the margin ago. */
const surelyHeld = (beat: Beat) => Date.now() < beat.heldUntil - LEASE_MARGIN_MS;

/** A run this process owns: what its beat aborts, and where it says that a renewal failed. */
interface Beat {
  runId: string;
  controller: AbortController;
  logLine: LogLine;
  /** Called once, when a renewal finds the run no longer this process's. */
  onLost: () => void;
  /** Until when the lease is held, from the start of its last renewal. */
  heldUntil: number;
  lost: boolean;
  /** Writes waiting for the next renewal's answer. */
  waiting: ((held: boolean) => void)[];
}

/**
 * The runs one owner holds in one database, renewed together: one statement a beat for all of them. A beat per run
 * was a fifth of the statements of a batch of 100 concurrent runs (100 UPDATEs a second).
 */
class LeaseGroup {
  private readonly beats = new Set<Beat>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private renewing = false;

  constructor(
    private readonly db: Db,
    private readonly owner: string,
    private readonly onEmpty: () => void,
  ) {}

  add(beat: Beat): void {
    this.beats.add(beat);
    if (this.timer) return;
    this.timer = setInterval(() => void this.renew(), HEARTBEAT_MS);
    this.timer.unref?.();
  }

  delete(beat: Beat): void {
    for (const resolve of beat.waiting.splice(0)) resolve(!beat.lost);
    if (!this.beats.delete(beat) || this.beats.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.onEmpty();
  }

  held(beat: Beat): boolean | Promise<boolean> {
    if (beat.lost) return false;
    if (!this.beats.has(beat) || surelyHeld(beat)) return true;
    return new Promise((resolve) => {
      beat.waiting.push(resolve);
      void this.renew();
    });
  }

  /** Extends every lease; a Stop asked elsewhere, or a run taken over, aborts that run. A beat still renewing (a locked database) skips this one. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const beats = [...this.beats];
    const startedAt = Date.now();
    try {
      const renewed = await renewRunLeases(
        this.db,
        beats.map((beat) => beat.runId),
        this.owner,
        startedAt + LEASE_MS,
      );
      for (const beat of beats) {
        // Ended while the statement ran: nothing to tell it.
        if (!this.beats.has(beat)) continue;
        const state = renewed.get(beat.runId);
        if (state) beat.heldUntil = startedAt + LEASE_MS;
        else if (!beat.lost) {
          beat.lost = true;
          beat.onLost();
        }
        // A renewal sent before a stall and answered after it does not vouch for now: the writes wait for the next.
        if (beat.lost || surelyHeld(beat)) for (const resolve of beat.waiting.splice(0)) resolve(!beat.lost);
        if (state?.stopRequested) beat.controller.abort(new Error('stopped by user'));
      }
    } catch (error) {
      // Writes waiting for an answer wait for the next beat.
      for (const beat of beats) beat.logLine.warn({ err: error }, 'renewing the lease failed (it is retried every second)');
    } finally {
      this.renewing = false;
    }
  }
}

/** Per database handle, its lease groups by owner. */
const groupsOf = preparedPerDb((_db: Db) => new Map<string, LeaseGroup>());

/**
 * The lease says this process still runs the run; the same beat picks up a Stop asked elsewhere (it aborts
 * `controller`) and a takeover (`onLost`). Every run of an owner in a database beats with the others, once a second.
 */
export function startHeartbeat(
  db: Db,
  runId: string,
  owner: string,
  run: { controller: AbortController; logLine: LogLine; onLost: () => void },
): RunLease {
  const groups = groupsOf(db);
  const group = groups.get(owner) ?? new LeaseGroup(db, owner, () => groups.delete(owner));
  groups.set(owner, group);
  // The run's row was written (or claimed) with a lease from about now.
  const beat: Beat = { runId, ...run, heldUntil: Date.now() + LEASE_MS, lost: false, waiting: [] };
  group.add(beat);
  return { held: () => group.held(beat), stop: () => group.delete(beat) };
}
