// Diagnosis, not a figure of `npm run bench`: where the server's CPU per step goes. Runs 20-step tool runs on sessions
// of `--history` messages (the CPU figure's scenario) against our app or the floor, started with --cpu-prof, and
// prints the self time inside the runs' window by package (or file) and by function, per step. Function names need a
// server build that keeps them: SERVER_MINIFY=0 NEXT_DIST_DIR=.next-prof npx next build (the floor's are minified).
//   node bench/profile-server.mjs [--target app|floor] [--runs 10] [--history 100] [--top 30] [--dist .next-prof]
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFloor, startOurApp, startScripted } from './lib/apps.mjs';
import { turn } from './lib/client.mjs';
import { treeUsage } from './lib/proc.mjs';
import { agentRun } from './lib/scenarios.mjs';
import { seedSession } from './lib/seed.mjs';

const { values } = parseArgs({
  options: { target: { type: 'string', default: 'app' }, runs: { type: 'string', default: '10' }, history: { type: 'string', default: '100' }, top: { type: 'string', default: '30' }, dist: { type: 'string' } },
});
const runs = Number(values.runs);
const dir = mkdtempSync(path.join(tmpdir(), 'ap-prof-'));
const profiling = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'];
const distEnv = values.dist ? { NEXT_DIST_DIR: values.dist } : {};

const scripted = await startScripted();
// Sessions are seeded through our app; the floor gets their messages in the request body, as useChat sends them.
const seeder = await startOurApp(scripted, { env: distEnv, ...(values.target === 'app' ? { nodeArgs: profiling } : {}) });
const server = values.target === 'app' ? seeder : await startFloor(scripted, { nodeArgs: profiling });
let window;
try {
  const cache = {};
  const run = async (seeded) => {
    const result = await turn(server, { sessionId: server.kind === 'app' ? seeded.sessionId : undefined, history: seeded.messages, text: agentRun({ steps: 20 }) });
    if (result.error || result.steps !== 21) throw new Error(result.error ?? `${result.steps} steps`);
    return result;
  };
  const seeds = [];
  for (let i = 0; i < runs + 3; i++) seeds.push(await seedSession(seeder, Number(values.history), {}, cache));
  for (const seeded of seeds.slice(0, 3)) await run(seeded); // warm-up
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const start = Number(process.hrtime.bigint() / 1000n);
  const cpuBefore = treeUsage(server.pid).cpuMs;
  const walls = [];
  for (const seeded of seeds.slice(3)) walls.push((await run(seeded)).wallMs);
  await new Promise((resolve) => setTimeout(resolve, 300));
  window = { start, end: Number(process.hrtime.bigint() / 1000n) };
  walls.sort((a, b) => a - b);
  console.log(`${server.kind}: ${runs} runs, CPU per step ${((treeUsage(server.pid).cpuMs - cpuBefore) / runs / 21).toFixed(2)} ms (profiled), wall median ${walls[walls.length >> 1].toFixed(0)} ms`);
} finally {
  if (server !== seeder) await server.stop();
  await seeder.stop();
  await scripted.stop();
}

// The profile is written as the process exits; its clock is the same monotonic one as process.hrtime here.
const profileFile = path.join(dir, readdirSync(dir).find((name) => name.endsWith('.cpuprofile')));
const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
// Kept for a closer look (inclusive time, callers): the profile and the runs' window in its clock.
writeFileSync(path.join(dir, 'window.json'), JSON.stringify(window));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const where = (url) => {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  return url.startsWith('node:') ? url : url.replace(/^.*\/(\.next[^/]*)\//, '$1/');
};
const byWhere = new Map();
const byFunction = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  if (at < window.start || at > window.end) continue;
  const us = profile.timeDeltas[i + 1] ?? 0;
  const frame = nodes.get(profile.samples[i]).callFrame;
  const file = frame.url ? where(frame.url) : frame.functionName;
  byWhere.set(file, (byWhere.get(file) ?? 0) + us);
  const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
}
const steps = runs * 21;
const show = (title, map) => {
  console.log(`\n${title} (ms per step)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${(us / 1000 / steps).toFixed(3).padStart(8)}  ${key}`);
};
show('self time by package or file', byWhere);
show('self time by function', byFunction);
console.log(`\nprofile: ${profileFile}\nwindow: ${path.join(dir, 'window.json')}`);
