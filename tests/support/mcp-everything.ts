/**
 * Starts `@modelcontextprotocol/server-everything` over Streamable HTTP on a
 * free local port, for tests. Its tools include `echo` and `get-sum`
 * (readOnlyHint: true), `toggle-simulated-logging` (readOnlyHint: false) and
 * `trigger-long-running-operation` (slow on demand).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export interface EverythingServer {
  /** The Streamable HTTP endpoint, e.g. http://127.0.0.1:PORT/mcp */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function everythingEntry(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');
}

export async function startEverythingServer(port?: number): Promise<EverythingServer> {
  const chosen = port ?? (await freePort());
  // A minimal environment: its get-env tool would otherwise show this process's variables.
  const child: ChildProcess = spawn(process.execPath, [everythingEntry(), 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(chosen), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${output}`)), 15_000);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
      if (/listening on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited (${code}): ${output}`));
    });
  });
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${chosen}/mcp`,
    port: chosen,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A TCP server that accepts connections and never answers: a stalled MCP server. */
export async function startSilentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
