#!/usr/bin/env node
// @ts-check
// Standalone scripted server for Playwright / manual use:
//   node tests/scripted-server/cli.mjs [--port 4010] [--host 127.0.0.1]   (env SCRIPTED_SERVER_PORT also sets the port)
// Prints "scripted server listening on http://127.0.0.1:PORT/v1" when ready.
import { parseArgs } from 'node:util';
import { startScriptedServer } from './server.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', default: process.env.SCRIPTED_SERVER_PORT ?? '4010' }, host: { type: 'string', default: '127.0.0.1' } },
});

const server = await startScriptedServer({
  port: Number(values.port),
  host: values.host,
  log: (m) => console.error(m),
});
console.log(`scripted server listening on ${server.url}`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
