import { createClient } from '@libsql/client';
import { decodeJson, encodeJson } from '/work/main/db/compressed-json.ts';
const c = createClient({ url: 'file:' + process.argv[2] });
const runs = await c.execute("select run_id, count(*) n, sum(length(chunk)) b from run_events group by run_id order by b desc limit 8");
for (const r of runs.rows) {
  const rows = await c.execute({ sql: 'select chunk from run_events where run_id=? order by seq', args: [r.run_id] });
  const all: unknown[] = [];
  for (const row of rows.rows) { const v = decodeJson<unknown>(row[0] as ArrayBuffer); if (Array.isArray(v)) all.push(...v); else all.push(v); }
  console.log(r.run_id, 'rows', r.n, 'events', all.length, 'bytes', r.b, 'json', JSON.stringify(all).length, 'one row', encodeJson(all).length);
}
