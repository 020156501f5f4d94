// @ts-check
// Public entry point of the scripted OpenAI-compatible server (see index.d.mts).
export { startScriptedServer } from './server.mjs';
export { SCENARIOS } from './scenarios.mjs';
export { wireDir } from './replay.mjs';
export { scriptedSignature } from './anthropic-writer.mjs';
export { scriptedEncryptedContent } from './responses-writer.mjs';
