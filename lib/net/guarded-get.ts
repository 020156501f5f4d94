import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { BlockedUrlError, parseFetchableUrl, pinnedLookup, resolvePublicAddresses, type GuardOptions } from './ssrf-guard';

/** Redirects followed at most (each one is checked like the first URL). */
export const MAX_REDIRECTS = 5;

export interface GuardedGetOptions extends GuardOptions {
  /** Bytes read at most (after decompression); the rest is dropped and `truncated` is set. */
  maxBytes: number;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
  redirects: string[];
}

class FetchTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The request took longer than ${timeoutMs / 1000} s and was abandoned.`);
    this.name = 'FetchTimeoutError';
  }
}

/**
 * GET with the SSRF guard on every hop: the scheme and all resolved
 * addresses are checked before each connection, the socket goes to a checked
 * address, and redirects are followed by hand (at most MAX_REDIRECTS).
 */
export async function guardedGet(input: string, options: GuardedGetOptions): Promise<GuardedResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const redirects: string[] = [];
  let url = parseFetchableUrl(input);
  try {
    for (;;) {
      const addresses = await resolvePublicAddresses(url, options);
      signal.throwIfAborted();
      const response = await request(url, pinnedLookup(addresses), options.headers ?? {}, signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        if (redirects.length >= MAX_REDIRECTS) throw new BlockedUrlError(`Too many redirects (more than ${MAX_REDIRECTS}).`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new BlockedUrlError(`The server redirected to an invalid URL: ${location}`);
        }
        url = parseFetchableUrl(next);
        redirects.push(url.toString());
        continue;
      }
      const { body, truncated } = await readBody(response, options.maxBytes, signal);
      return {
        url: url.toString(),
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type'] ?? ''),
        body,
        truncated,
        redirects,
      };
    }
  } catch (error) {
    if (timeout.aborted && !options.signal?.aborted) throw new FetchTimeoutError(options.timeoutMs);
    throw error;
  }
}

function request(url: URL, lookup: ReturnType<typeof pinnedLookup>, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      lookup,
      // A fresh connection per hop: a kept-alive socket must not carry a request to an unchecked host.
      agent: false,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  switch (String(response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

/** Reads at most maxBytes of the decoded body (so a compressed bomb stops at the limit too). */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const onAbort = () => stream.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return { body: Buffer.concat(chunks), truncated };
}
