import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // libsql ships a native binary; just-bash has optional native compression deps Turbopack cannot resolve: keep both out of the server bundle.
  serverExternalPackages: ['@libsql/client', 'libsql', 'just-bash', 'pino', 'pino-pretty', 'rate-limiter-flexible'],
  // A separate build folder lets two builds (e.g. a test run beside a dev build) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `npm test` type-checks the whole project in its first stage (scripts/test.mjs): its build skips Next's second
  // pass over the same files (~30 s on 2 cores). Every other build checks the types as usual.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === '1' },
  // For bench/bundle-why.mjs (where the first-load bytes come from); off in every normal build.
  productionBrowserSourceMaps: process.env.BUNDLE_SOURCE_MAPS === '1',
  // For CPU profiles of the server with readable function names (bench/README.md "Diagnosis tools"); off in every normal build.
  experimental: { serverMinification: process.env.SERVER_MINIFY !== '0' },
  turbopack: {
    // Streamdown imports rehype-raw (and so parse5, an HTML parser) for a pipeline step we always drop: raw HTML in
    // model text is shown as text (components/chat/markdown-renderer.tsx). A stub takes its place in every bundle.
    // `ai` brings the AI Gateway's client into the browser although no browser code of `ai` calls it: a stub takes
    // its place there (lib/client/no-gateway.ts); the server keeps the real one.
    resolveAlias: { 'rehype-raw': './components/chat/no-raw-html.ts', '@ai-sdk/gateway': { browser: './lib/client/no-gateway.ts' } },
    rules: {
      // Every zod schema wires in zod's JSON Schema generation, and @ai-sdk/provider-utils its converter of zod 3
      // schemas, which the browser never calls (`ai` builds JSON Schemas only to send tools to a model): in browser
      // bundles a loader puts throwing stubs in their place.
      '*.js': {
        condition: {
          all: ['browser', { path: /node_modules\/(?:zod\/v4\/core\/(?:to-json-schema|json-schema-processors)|@ai-sdk\/provider-utils\/dist\/index)\.js$/ }],
        },
        loaders: [fileURLToPath(new URL('./scripts/loaders/no-zod-json-schema.cjs', import.meta.url))],
      },
      // tailwind-merge's default config in the browser keeps only the class groups the app's classes belong to
      // (lib/tailwind-merge-groups.json); the server keeps all of it.
      '*.mjs': {
        condition: { all: ['browser', { path: /node_modules\/tailwind-merge\/dist\/bundle-mjs\.mjs$/ }] },
        loaders: [fileURLToPath(new URL('./scripts/loaders/tailwind-merge-groups.cjs', import.meta.url))],
      },
    },
  },
  // A self-contained server folder (.next/standalone, traced node_modules) for containers and copies to other
  // machines; scripts/standalone.mjs adds the custom server, static files and migrations to it (docs/deploy.md).
  output: 'standalone',
  // Trace from this folder: a lockfile in a parent directory must not move the standalone layout.
  outputFileTracingRoot: path.dirname(fileURLToPath(import.meta.url)),
  reactStrictMode: true,
  // The browser's upload limits follow the server's (lib/api/upload-limits.ts): lower on Vercel, whose 4.5 MB body cap
  // refuses before our code runs. Vercel sets VERCEL at build time too.
  env: { NEXT_PUBLIC_ON_VERCEL: process.env.VERCEL ? '1' : '' },
  // On every response: no sniffing, referrers only to this origin in full, and the microphone for the app alone.
  // No framing anywhere but on share pages, where proxy.ts decides (their owner may allow embedding); proxy.ts also
  // gives every page its full Content-Security-Policy with a per-request nonce (docs/csp-and-embedding.md).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'microphone=(self), camera=(), geolocation=(), payment=()' },
        ],
      },
      {
        source: '/((?!share/).*)',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;
