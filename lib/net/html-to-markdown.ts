import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface PageMarkdown {
  title: string;
  markdown: string;
  /** The page's main content was found by Readability (otherwise the whole body was converted). */
  readable: boolean;
}

/** Elements that never carry readable content. */
const NOISE = 'script, style, noscript, template, iframe, svg, canvas, form, nav, footer';

/**
 * A web page as markdown: Readability picks the main content (as Firefox's
 * reader view does), turndown writes it as markdown. Links and images are made
 * absolute against the page's URL so they still work out of context.
 */
export function htmlToMarkdown(html: string, pageUrl: string): PageMarkdown {
  const { document } = parseHTML(html);
  absolutizeLinks(document, pageUrl);
  const fallbackTitle = document.querySelector('title')?.textContent?.trim() ?? '';

  let article: ReturnType<Readability['parse']> = null;
  try {
    // Readability changes the document it reads; it gets a copy of its own.
    article = new Readability(parseHTML(document.toString()).document as Document).parse();
  } catch {
    article = null;
  }

  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript', 'template', 'iframe']);

  if (article?.content && (article.textContent ?? '').trim().length > 0) {
    return { title: article.title?.trim() || fallbackTitle, markdown: tidy(turndown.turndown(article.content)), readable: true };
  }
  const body = document.querySelector('body') ?? document.documentElement;
  for (const element of Array.from(body?.querySelectorAll(NOISE) ?? [])) element.remove();
  return { title: fallbackTitle, markdown: tidy(turndown.turndown(body?.innerHTML ?? '')), readable: false };
}

function absolutizeLinks(document: ReturnType<typeof parseHTML>['document'], pageUrl: string) {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const value = element.getAttribute(attribute);
      if (!value) continue;
      try {
        element.setAttribute(attribute, new URL(value, pageUrl).toString());
      } catch {
        // leave what cannot be parsed as it is
      }
    }
  }
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}
