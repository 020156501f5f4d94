import 'server-only';
import { sql } from 'drizzle-orm';
import { getAppDb } from './db';
import { ApiError } from './http';

/** For load balancers and container healthchecks: the server answers and its database takes a query. */
export async function checkHealth(): Promise<{ ok: true; database: 'ok' }> {
  try {
    await (await getAppDb()).run(sql`select 1`);
  } catch {
    throw new ApiError('db_busy', 'The database does not answer.');
  }
  return { ok: true, database: 'ok' };
}
