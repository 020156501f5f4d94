/** @type {import('next').NextConfig} */
const nextConfig = {
  // libsql ships a native binary; just-bash has optional native compression deps Turbopack cannot resolve: keep both out of the server bundle.
  serverExternalPackages: ['@libsql/client', 'libsql', 'just-bash', 'pino', 'pino-pretty'],
  // A separate build folder lets two builds (e.g. a test run beside a dev build) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
