/**
 * Starts a test MCP server (a fixture module that calls serve() from
 * ./serve.mjs) for a test: over Streamable HTTP as a child process on a free
 * local port, or as the stdio command line the app should run itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../mcp-everything';

export interface McpFixture {
  /** Streamable HTTP endpoint (http only), e.g. http://127.0.0.1:PORT/mcp */
  url: string;
  port: number;
  child: ChildProcess;
  /** Events the server recorded with record(), oldest first. */
  records(): Array<Record<string, unknown> & { type: string }>;
  stop(): Promise<void>;
}

export interface McpStdioFixture {
  command: string;
  args: string[];
  /** Set as the server's environment by whoever spawns it; the app passes none, so records go to the file named in args. */
  recordFile: string;
  records(): Array<Record<string, unknown> & { type: string }>;
}

/** tests/support/mcp/<name>.mjs */
export function fixturePath(name: string): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.mjs`);
}

function readRecords(file: string) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

function recordFile(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-records-')), 'records.jsonl');
}

export async function startMcpFixture(name: string, options: { env?: Record<string, string>; port?: number } = {}): Promise<McpFixture> {
  const port = options.port ?? (await freePort());
  const file = recordFile();
  const child = spawn(process.execPath, [fixturePath(name), '--http', String(port)], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', MCP_RECORD_FILE: file, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`MCP fixture ${name} did not start: ${output}`)), 15_000);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
      if (/listening on port/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`MCP fixture ${name} exited (${code}): ${output}`));
    });
  });
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    child,
    records: () => readRecords(file),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The stdio command line for a fixture. The app spawns it; the record file is
 * passed as an argument (`--records FILE`) because the app gives stdio servers
 * no environment of ours.
 */
export function mcpStdioFixture(name: string): McpStdioFixture {
  const file = recordFile();
  return { command: process.execPath, args: [fixturePath(name), '--stdio', '--records', file], recordFile: file, records: () => readRecords(file) };
}

/** Polls `read` (every 20 ms) until it gives a value: a server's record, a chunk, a status. Fails naming `what` after `timeoutMs`. */
export async function until<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
