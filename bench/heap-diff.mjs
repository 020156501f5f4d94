// node bench/heap-diff.mjs A.heapsnapshot B.heapsnapshot: what grew between two heap snapshots of the app server
// (taken with --heapsnapshot-signal=SIGUSR2), by constructor: count and self size. For memory hunts, not the bench.
import { readFileSync } from 'node:fs';

function aggregate(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const { nodes, strings } = snapshot;
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' || type === 'native' ? strings[nodes[i + nameAt]] : `(${type})`;
    const key = `${type}:${name}`.slice(0, 120);
    const size = nodes[i + sizeAt];
    total += size;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count++;
    group.size += size;
    groups.set(key, group);
  }
  return { groups, total };
}

const [a, b] = process.argv.slice(2).map(aggregate);
console.log(`heap: ${(a.total / 2 ** 20).toFixed(1)} MB → ${(b.total / 2 ** 20).toFixed(1)} MB`);
const rows = [...b.groups].map(([key, g]) => {
  const before = a.groups.get(key) ?? { count: 0, size: 0 };
  return { key, count: g.count - before.count, size: g.size - before.size, now: g.count };
});
rows.sort((x, y) => y.size - x.size);
for (const row of rows.slice(0, Number(process.env.TOP ?? 40))) console.log(`${(row.size / 1024).toFixed(0).padStart(9)} KiB ${String(row.count).padStart(8)} objects (now ${row.now})  ${row.key}`);
