# syntax=docker/dockerfile:1
# Agent Playground in a container: dependencies → build → a slim runtime that runs the
# standalone server (docs/deploy.md). tests/integration/standalone-server.test.ts starts the
# standalone server with this file's final-stage WORKDIR, ENV, USER, CMD and HEALTHCHECK, read
# from here, so the two cannot drift apart.
#
#   docker build -t agent-playground .
#   docker run -p 3000:3000 -e AUTH_SECRET="$(openssl rand -base64 32)" -v playground-data:/app/data agent-playground

# Debian, not Alpine: the libSQL driver ships a glibc binary.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# scripts/standalone.mjs adds our server (request guard, bind policy, drain), migrations and
# static files to Next's traced .next/standalone.
RUN node node_modules/next/dist/bin/next build && node scripts/standalone.mjs

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
# HOSTNAME=0.0.0.0 so the published port reaches the server: other machines can, so the
# server refuses to start without accounts (AUTH_SECRET, 32+ characters). On a network you
# trust, PLAYGROUND_ALLOW_OPEN=1 instead starts it without accounts, with a warning.
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATABASE_URL=file:/app/data/playground.db
# The app's files belong to root and are read-only for the server; only the data volume is its.
COPY --from=build /app/.next/standalone ./
RUN mkdir -p /app/data && chown 1000:1000 /app/data
VOLUME /app/data
# The image's `node` user, by number so that a runtime can check it is not root (Kubernetes' runAsNonRoot).
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Applies the migrations, then serves; SIGTERM lets active runs finish (RUN_DRAIN_TIMEOUT_MS, 25 s)
# before it exits, so give `docker stop` more than that: docker stop -t 30. The young generation is
# larger than Node's default, as `npm start` has it (package.json; docs/deploy.md says why).
CMD ["node", "--max-semi-space-size=32", "scripts/start.mjs"]
