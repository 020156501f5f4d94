/** @type {import('next').NextConfig} */
const nextConfig = {
  // libsql ships a native binary; keep it (and other node-only packages) out of the bundle.
  serverExternalPackages: ['@libsql/client', 'libsql'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
