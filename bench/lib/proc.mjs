// What the kernel says about a server process and its children: CPU time, memory, open files.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux
const PAGE = 4096;

function children(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** The process and every descendant. */
export function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  return all;
}

function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is state (field 3): utime is field 14, stime 15, rss 24.
    return { cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, rssBytes: Number(fields[21]) * PAGE };
  } catch {
    return { cpuMs: 0, rssBytes: 0 };
  }
}

/** CPU (user + system) in ms and resident memory in bytes, summed over the process tree. */
export function treeUsage(pid) {
  let cpuMs = 0;
  let rssBytes = 0;
  for (const p of processTree(pid)) {
    const s = statOf(p);
    cpuMs += s.cpuMs;
    rssBytes += s.rssBytes;
  }
  return { cpuMs, rssBytes };
}

/** Open file descriptors of the tree, and how many of them are sockets. */
export function openHandles(pid) {
  let fds = 0;
  let sockets = 0;
  for (const p of processTree(pid)) {
    let names = [];
    try {
      names = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue;
    }
    for (const fd of names) {
      fds++;
      try {
        if (readlinkSync(`/proc/${p}/fd/${fd}`).startsWith('socket:')) sockets++;
      } catch {
        // closed meanwhile
      }
    }
  }
  return { fds, sockets };
}

/** Samples RSS (and optionally handles) of a tree every `everyMs` until stopped: { stop() → samples }. */
export function sampleMemory(pid, everyMs = 200) {
  const samples = [];
  const t0 = Date.now();
  const timer = setInterval(() => samples.push({ t: Date.now() - t0, rssBytes: treeUsage(pid).rssBytes }), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Waits until the tree uses less than `idleMs` of CPU per 100 ms (its run finished saving), at most `maxMs`. */
export async function settle(pid, { idleMs = 2, maxMs = 5000 } = {}) {
  const end = Date.now() + maxMs;
  let last = treeUsage(pid).cpuMs;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = treeUsage(pid).cpuMs;
    if (now - last <= idleMs) return;
    last = now;
  }
}

export function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? 'unknown';
  const mem = Number(/MemTotal:\s*(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) * 1024;
  return { cpu: model, mem };
}
