import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';
import { guardedGet } from '@/lib/net/guarded-get';
import { htmlToMarkdown } from '@/lib/net/html-to-markdown';
import type { GuardOptions } from '@/lib/net/ssrf-guard';

/** Bytes downloaded at most; a larger page is cut there (and says so). */
export const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024;
/** Characters of markdown returned at most. */
const MAX_MARKDOWN_CHARS = 100_000;
/** The whole fetch, redirects included. */
export const FETCH_TIMEOUT_MS = 15_000;

const USER_AGENT = 'AgentPlayground/0.1 (+fetch_url tool)';

export const fetchUrlInput = z.object({
  url: z.string().min(1).max(4000).describe('An http(s) URL of a public web page.'),
});

export interface FetchUrlOutput {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  title: string;
  /** The page as markdown (HTML), or the text itself (plain text, JSON, markdown…). */
  markdown: string;
  /** The download or the markdown was cut at a size limit. */
  truncated: boolean;
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json|rss\+xml|atom\+xml)|[^;]*\+json|[^;]*\+xml)/i;

function charsetOf(contentType: string): string {
  const match = /charset=["']?([\w-]+)/i.exec(contentType);
  const label = match?.[1] ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return 'utf-8';
  }
}

/**
 * fetch_url: GET a public page and return it as markdown. The SSRF guard
 * (lib/net/ssrf-guard.ts) refuses private, loopback, link-local and metadata
 * addresses after DNS resolution and on every redirect.
 * `guard` is for tests only (an injected resolver or a local test server).
 */
export function fetchUrlTool(guard: GuardOptions = {}): AgentTool<z.infer<typeof fetchUrlInput>, FetchUrlOutput> {
  return {
    name: 'fetch_url',
    title: 'Fetch URL',
    description: `Fetches a public web page (HTTP GET) and returns its main content as markdown. Pages are cut at ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB and ${MAX_MARKDOWN_CHARS} characters; private and local network addresses are refused.`,
    inputSchema: fetchUrlInput,
    readOnly: true,
    permission: 'network',
    timeoutMs: FETCH_TIMEOUT_MS + 5_000,
    execute: async ({ url }, { signal }) => {
      const response = await guardedGet(url, {
        ...guard,
        maxBytes: MAX_DOWNLOAD_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
        signal,
        headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' },
      });
      const contentType = response.contentType.split(';')[0].trim().toLowerCase() || 'application/octet-stream';
      if (response.status >= 400) throw new Error(`${response.url} answered HTTP ${response.status}.`);
      if (!TEXT_TYPES.test(contentType)) throw new Error(`${response.url} is ${contentType}, not a text page; fetch_url only reads HTML and text.`);

      const text = new TextDecoder(charsetOf(response.contentType)).decode(response.body);
      const page = /html/.test(contentType) ? htmlToMarkdown(text, response.url) : { title: '', markdown: text };
      const cut = page.markdown.length > MAX_MARKDOWN_CHARS;
      const markdown = cut ? `${page.markdown.slice(0, MAX_MARKDOWN_CHARS)}\n\n[… cut at ${MAX_MARKDOWN_CHARS} characters]` : page.markdown;
      return {
        url: response.url,
        status: response.status,
        contentType,
        title: page.title,
        markdown: response.truncated && !cut ? `${markdown}\n\n[… the page was larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB; only the start was read]` : markdown,
        truncated: response.truncated || cut,
      };
    },
  };
}
