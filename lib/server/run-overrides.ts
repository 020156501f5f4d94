import 'server-only';
import type { z } from 'zod';
import type { Db } from '@/db/client';
import { runOverridesColumn } from '@/db/json-columns';
import { latestSessionRun } from '@/db/queries/paused-runs';
import type { RunRow, SessionRow } from '@/db/schema';
import { parseMcpToolName } from '@/lib/mcp/names';
import { sessionLoopSettings, type LoopSettingsOverrides } from '@/lib/settings/loop-settings';

/**
 * A run's own settings over the session's (Edit and re-run): sampling settings and
 * instructions set or cleared for it, and tools switched off for it. They are kept on
 * the run's row (`runs.overrides`) when it starts, so whatever continues it (an approval's
 * answer, step mode's Continue, a chained invocation, on this instance or another) applies
 * them again over the session's settings as they are then. Runs without them: the session's.
 */
export type RunOverrides = z.output<typeof runOverridesColumn>;

/** The overrides kept on a run's row, checked as they are read back (null: none, or none that still validates). */
export function runOverridesOf(run: Pick<RunRow, 'overrides'> | undefined): RunOverrides | undefined {
  if (!run?.overrides) return undefined;
  const parsed = runOverridesColumn.safeParse(run.overrides);
  return parsed.success ? parsed.data : undefined;
}

/** The settings a run goes on with: the session's, with the run's own over them. */
export function runSettings(session: Pick<SessionRow, 'settings'>, overrides: RunOverrides | undefined): LoopSettingsOverrides {
  const current = sessionLoopSettings(session.settings);
  if (!overrides) return current;
  const next: Record<string, unknown> = { ...current, ...overrides.settings };
  for (const key of overrides.cleared) delete next[key];
  // Built-in tools go to the settings; MCP tools are switched off where the run opens its servers (session-tool-stores.ts).
  const off = overrides.switchedOff.filter((name) => !parseMcpToolName(name));
  if (off.length) next.disabledTools = [...new Set([...(current.disabledTools ?? []), ...off])].slice(0, 100);
  return sessionLoopSettings(next);
}

/** The overrides of the run a continuation goes on from: the session's latest run, when it wrote `messageId`. */
export async function overridesToContinue(db: Db, ownerId: string, sessionId: string, messageId: string | undefined): Promise<RunOverrides | undefined> {
  const run = await latestSessionRun(db, ownerId, sessionId);
  return run && run.messageId === messageId ? runOverridesOf(run) : undefined;
}
