// A preload for memory hunts (bench/README.md): every second, one JSON line of the process's memory
// (MB: rss, V8 heap total and used, external, array buffers; RssAnon and RssFile from /proc) and its
// CPU time (ms) goes to $MEM_PROBE_FILE (default /tmp/mem-probe-<pid>.log). With --expose-gc, touching
// <that file>.gc runs a full collection and logs the heap before and after it (how much is garbage).
//   startOurApp(scripted, { nodeOptions: '--import ./bench/mem-probe.mjs' }) in bench/lib/apps.mjs
import fs from 'node:fs';

const file = process.env.MEM_PROBE_FILE || `/tmp/mem-probe-${process.pid}.log`;
const t0 = Date.now();
const mb = (bytes) => Math.round(bytes / 1048576);

function proc() {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { anon: Math.round(kb('RssAnon') / 1024), file: Math.round(kb('RssFile') / 1024) };
}

setInterval(() => {
  const m = process.memoryUsage();
  const cpu = process.cpuUsage();
  const line = { t: Math.round((Date.now() - t0) / 1000), rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), cpuMs: Math.round((cpu.user + cpu.system) / 1000), ...proc() };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  if (typeof globalThis.gc === 'function' && fs.existsSync(`${file}.gc`)) {
    fs.unlinkSync(`${file}.gc`);
    const before = mb(process.memoryUsage().heapUsed);
    globalThis.gc();
    fs.appendFileSync(file, `${JSON.stringify({ gc: true, heapUsedBefore: before, heapUsedAfter: mb(process.memoryUsage().heapUsed) })}\n`);
  }
}, 1000).unref();
