import 'server-only';
import type { Db } from '@/db/client';
import { getSession } from '@/db/queries/sessions';
import type { SessionRow } from '@/db/schema';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';

export interface SessionAccess {
  db: Db;
  ownerId: string;
  session: SessionRow;
}

/** The request owner's session with this id, or a 404 `Session not found.` for anyone else's or a missing one. */
export async function requireSession(request: Request, id: string): Promise<SessionAccess> {
  const ownerId = await currentOwnerId(request);
  const db = await getAppDb();
  const session = await getSession(db, ownerId, id);
  if (!session) throw new ApiError('not_found', 'Session not found.');
  return { db, ownerId, session };
}
