// The floor of `npm run bench`: a bare AI SDK app on the repository's own packages (its node_modules,
// one folder up twice), built and served by bench/run.mjs. Nothing here is part of the playground.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
const config = {
  turbopack: { root: repo },
  outputFileTracingRoot: repo,
  poweredByHeader: false,
  productionBrowserSourceMaps: process.env.BUNDLE_SOURCE_MAPS === '1',
};

export default config;
