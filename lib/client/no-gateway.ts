/**
 * Stands in for `@ai-sdk/gateway` in the browser bundle only (next.config.mjs, turbopack.resolveAlias with the
 * `browser` condition; the server keeps the real package). `ai` imports the Vercel AI Gateway's client at its top
 * for the default provider of `streamText` and friends and to recognise its errors; the bundler cannot tell that
 * the browser's parts of `ai` (the chat state, the transport, the part guards) never reach it, so the whole client
 * (~75 KiB minified with `@vercel/oidc`) rode along on every page. The browser never calls a model: nothing here
 * can be a gateway error, and asking for the gateway itself fails loudly.
 */
function notInTheBrowser(): never {
  throw new Error('The AI Gateway is not bundled for the browser: models are called by the server (see lib/client/no-gateway.ts).');
}

export class GatewayError extends Error {
  static isInstance(error: unknown): error is GatewayError {
    return error instanceof GatewayError;
  }
}

export class GatewayAuthenticationError extends GatewayError {}

export const createGateway = notInTheBrowser;
export const gateway = notInTheBrowser;
