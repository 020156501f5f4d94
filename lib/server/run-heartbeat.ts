import 'server-only';
import type { Db } from '@/db/client';
import { renewRunLeases } from '@/db/queries/runs';
import { preparedPerDb } from '@/db/prepared';
import { HEARTBEAT_MS, LEASE_MS } from './recovery';
import type { LogLine } from './run-stream';

/** A run this process owns: what its beat aborts, and where it says that a renewal failed. */
interface Beat {
  runId: string;
  controller: AbortController;
  logLine: LogLine;
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
    if (!this.beats.delete(beat) || this.beats.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.onEmpty();
  }

  /** Extends every lease; a Stop asked elsewhere, or a run taken over, aborts that run. A beat still renewing (a locked database) skips this one. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    const beats = [...this.beats];
    try {
      const renewed = await renewRunLeases(
        this.db,
        beats.map((beat) => beat.runId),
        this.owner,
        Date.now() + LEASE_MS,
      );
      for (const beat of beats) {
        // Ended while the statement ran: nothing to tell it.
        if (!this.beats.has(beat)) continue;
        const state = renewed.get(beat.runId);
        if (state?.stopRequested) beat.controller.abort(new Error('stopped by user'));
        else if (!state && !beat.controller.signal.aborted) beat.controller.abort(new Error('This run was taken over as interrupted (its lease ran out).'));
      }
    } catch (error) {
      for (const beat of beats) beat.logLine.warn({ err: error }, 'renewing the lease failed (it is retried every second)');
    } finally {
      this.renewing = false;
    }
  }
}

/** Per database handle, its lease groups by owner. */
const groupsOf = preparedPerDb((_db: Db) => new Map<string, LeaseGroup>());

/**
 * The lease says this process still runs the run; the same beat picks up a Stop asked elsewhere. Every run of an owner
 * in a database beats with the others, once a second. Answers the function that stops the run's beat.
 */
export function startHeartbeat(db: Db, runId: string, owner: string, controller: AbortController, logLine: LogLine): () => void {
  const groups = groupsOf(db);
  const group = groups.get(owner) ?? new LeaseGroup(db, owner, () => groups.delete(owner));
  groups.set(owner, group);
  const beat: Beat = { runId, controller, logLine };
  group.add(beat);
  return () => group.delete(beat);
}
