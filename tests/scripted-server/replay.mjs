// @ts-check
// Replays a recorded wire file from ../shared/wire byte for byte.
// `.sse` files are raw HTTP bodies; `.chunks.txt` files hold one JSON payload
// per line and are re-framed the way vercel/ai's own tests do it
// (`data: ${line}\n\n` per line, then `data: [DONE]\n\n`; see the wire README).
// Served on the Anthropic route, they are framed as Anthropic's wire is:
// `event: ${payload.type}` before each `data:` line, and no `[DONE]`.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioError } from './scenarios.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Wire fixtures live next to the repo; WIRE_DIR overrides. */
export function wireDir() {
  return process.env.WIRE_DIR ? path.resolve(process.env.WIRE_DIR) : path.resolve(repoRoot, '../shared/wire');
}

/**
 * Loads a fixture as a list of frames. Joining the frames gives the exact
 * bytes to send; splitting only matters when a delay is wanted between frames.
 * @param {string} file path relative to the wire dir
 * @param {'chat' | 'responses' | 'anthropic'} [api] the route that replays it
 * @returns {Promise<string[]>}
 */
export async function loadReplayFrames(file, api) {
  const root = wireDir();
  const full = path.resolve(root, file);
  // Only serve files inside the wire dir.
  if (!full.startsWith(root + path.sep)) throw new ScenarioError(`replay file outside wire dir: ${file}`);
  let body;
  try {
    body = await readFile(full, 'utf8');
  } catch {
    throw new ScenarioError(`replay file not found: ${full}`);
  }
  if (file.endsWith('.chunks.txt')) {
    const lines = body.split('\n').filter((l) => l.trim() !== '');
    if (api === 'anthropic') return lines.map((l) => `event: ${JSON.parse(l).type}\ndata: ${l}\n\n`);
    return [...lines.map((l) => `data: ${l}\n\n`), 'data: [DONE]\n\n'];
  }
  // Keep every byte: split after each blank-line frame terminator.
  return body.split(/(?<=\n\n)/);
}
