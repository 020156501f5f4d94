import { defaultRehypePlugins } from 'streamdown';
import { visibleText } from '@/lib/text/visible-text';

/**
 * A link the sanitizer will not let through (javascript:, data:, vbscript:, an unknown
 * scheme…) becomes an inert `<span title="Blocked URL: …">text [blocked]</span>` before
 * the sanitizer runs. Left to Streamdown's pipeline, the sanitizer drops the href
 * first and rehype-harden then reports the link as "Blocked URL: undefined". The
 * decision is the sanitizer's own (its schema's allowed href protocols, the same
 * rule as hast-util-sanitize), so both always agree.
 */

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  value?: string;
}

/** The href protocols the sanitizer keeps (defaultSchema's, plus tel: and Streamdown's own). */
function sanitizerHrefProtocols(): readonly string[] {
  const plugin = defaultRehypePlugins.sanitize;
  const schema = Array.isArray(plugin) ? (plugin[1] as { protocols?: { href?: unknown } } | undefined) : undefined;
  const href = schema?.protocols?.href;
  return Array.isArray(href) && href.every((entry) => typeof entry === 'string') ? href : ['http', 'https', 'mailto'];
}

const HREF_PROTOCOLS = sanitizerHrefProtocols();

/** hast-util-sanitize's test: a colon before any `/`, `?` or `#` starts a protocol, which must be listed (case-sensitive). */
function sanitizerKeepsHref(url: string): boolean {
  const colon = url.indexOf(':');
  const firstOf = (char: string) => url.indexOf(char);
  if (colon < 0) return true;
  for (const stop of ['/', '?', '#']) {
    const at = firstOf(stop);
    if (at > -1 && colon > at) return true;
  }
  return HREF_PROTOCOLS.some((protocol) => colon === protocol.length && url.startsWith(protocol));
}

function blockedLink(link: HastNode, href: string): HastNode {
  return {
    type: 'element',
    tagName: 'span',
    properties: { title: `Blocked URL: ${visibleText(href)}` },
    children: [...(link.children ?? []), { type: 'text', value: ' [blocked]' }],
  };
}

/** The rehype plugin: runs first, on the parsed markdown, before sanitize and harden. */
export function showBlockedLinks() {
  return (tree: HastNode) => {
    const stack: HastNode[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const children = node.children;
      if (!children) continue;
      for (let index = 0; index < children.length; index++) {
        const child = children[index];
        const href = child.type === 'element' && child.tagName === 'a' ? child.properties?.href : undefined;
        if (typeof href === 'string' && !sanitizerKeepsHref(href)) children[index] = blockedLink(child, href);
        stack.push(children[index]);
      }
    }
  };
}
