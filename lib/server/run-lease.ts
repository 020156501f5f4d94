/**
 * A run's hold on its row, kept by the heartbeat (run-heartbeat.ts). A process that stalls (paused, swapped out, cut
 * off from the database) for longer than the lease may find, when it wakes, that another instance interrupted the
 * run: from then on the run's message, log and row are that instance's, and this one must not write over them.
 */
export interface RunLease {
  /**
   * Whether this process still holds the run: true at once while the last renewal is recent, else after the next
   * renewal answers (false: the run was taken over). Ask before every write of the run's.
   */
  held(): boolean | Promise<boolean>;
  /** Ends the beat (the run is ending here): `held` answers what it knew last. */
  stop(): void;
}

/** For a log written without a run's heartbeat (tests, benchmarks): every write goes ahead. */
export const ALWAYS_HELD: Pick<RunLease, 'held'> = { held: () => true };
