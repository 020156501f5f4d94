import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';

/**
 * A block that can only be a plain paragraph is drawn without the markdown parser (components/chat/plain-paragraph.ts,
 * markdown-renderer.tsx). The page must not tell: every text here is rendered with the shortcut and with the parser
 * for every block, streaming and done, and the HTML must be the same.
 */
const shortcut = vi.hoisted(() => ({ on: true, taken: 0 }));
vi.mock('@/components/chat/plain-paragraph', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/chat/plain-paragraph')>();
  return {
    plainParagraphText: (block: string) => {
      if (!shortcut.on) return null;
      const text = actual.plainParagraphText(block);
      if (text !== null) shortcut.taken++;
      return text;
    },
  };
});

import { plainParagraphText } from '@/components/chat/plain-paragraph';
import { MarkdownRenderer } from '@/components/chat/markdown-renderer';

function html(text: string, streaming: boolean, fast: boolean): string {
  shortcut.on = fast;
  try {
    return renderToStaticMarkup(<MarkdownRenderer text={text} streaming={streaming} />);
  } finally {
    shortcut.on = true;
  }
}

/** Texts the shortcut draws (each is one plain paragraph). */
const PLAIN = [
  'Hello world',
  'tk1764329000000x123 tk1764329000001x456 tk1764329000002x789 ',
  'Issue #14 is open: it says 3 > 2, a - b = c and 100% (roughly) so.',
  'Straße, naïve café — “quotes”, ‘single’, \'apostrophes\' and "double" ones.',
  '日本語のテキストです。',
  'Ünïcödé and emoji 🎉 are text too!',
  'two  spaces\tand a tab inside',
  'trailing spaces and a tab   \t',
  'a paragraph and its blank lines\n\n',
  '12 apples, 2024 was a year, v1.2.3 shipped',
  'example.com without a scheme is no link in GFM, nor is foo:bar',
  'x = y + z; f(a) {b} ½ ^ $5 ! ?',
  'Dr. Who and e.g. this, i.e. that',
  'A non\u00a0breaking space and a line\u2028separator',
];

/** Texts that must go through the parser: markup, or a start that makes another block, or more than one line. */
const NOT_PLAIN = [
  '**bold** text',
  'some *emphasis* here',
  'snake_case_name',
  'inline `code` here',
  'a [link](https://example.com)',
  'see https://example.com now',
  'visit www.example.com today',
  'WWW.EXAMPLE.COM too',
  'mail me@example.com',
  
  'an &amp; entity',
  'an escaped \\* star',
  '~~struck~~ text',
  'raw <b>html</b>',
  'a | b',
  '# heading',
  '- item',
  '+ item',
  '1. first',
  '2) second',
  '> quote',
  '    indented code',
  ' leading space',
  '```js\ncode\n```',
  'line one\nline two',
  'setext heading\n===',
  'hard break  \nnext',
  'text\r\nwith a carriage return',
  '\uFEFFa byte order mark',
  '',
  '   ',
  'nul\u0000inside',
];

describe('plainParagraphText', () => {
  test.each(PLAIN)('takes %j', (text) => {
    expect(plainParagraphText(text)).toBe(text.replace(/[ \t\r\n]+$/, ''));
  });
  test.each(NOT_PLAIN)('leaves %j to the parser', (text) => {
    expect(plainParagraphText(text)).toBeNull();
  });
});

describe('the rendered HTML is the parser’s', () => {
  const streamed = (text: string) => [text.slice(0, Math.ceil(text.length / 2)), text];
  // Whole answers: plain paragraphs between markup, so the shortcut and the parser share one Streamdown.
  const ANSWERS = [
    ...PLAIN,
    ...NOT_PLAIN,
    `${PLAIN[0]}\n\n${NOT_PLAIN[0]}\n\n${PLAIN[2]}`,
    `# Title\n\n${PLAIN[3]}\n\n- one\n- two\n\n${PLAIN[9]}\n\n\`\`\`ts\nconst a = 1;\n\`\`\`\n\n${PLAIN[1]}`,
    `${PLAIN[4]}\n\n> ${PLAIN[5]}\n\n${PLAIN[6]}`,
    `A plain start, then an unclosed **bold`,
    `A plain start, then an unclosed \`code`,
  ];

  test.each(ANSWERS.flatMap((text) => streamed(text)))('%j', (text) => {
    for (const streaming of [true, false]) {
      const parsed = html(text, streaming, false);
      const taken = shortcut.taken;
      expect(html(text, streaming, true)).toBe(parsed);
      if (PLAIN.includes(text)) expect(shortcut.taken).toBeGreaterThan(taken);
    }
  });

  test('the shortcut is taken for a streaming plain paragraph at every length', () => {
    const answer = PLAIN[1].repeat(40);
    for (let end = 1; end <= answer.length; end += 37) {
      const text = answer.slice(0, end);
      const taken = shortcut.taken;
      expect(html(text, true, true)).toBe(html(text, true, false));
      expect(shortcut.taken).toBe(taken + 1);
    }
  });
});

describe('random lines', () => {
  // Every printable ASCII character and a few others, in lines that mostly start with a letter: whatever the shortcut
  // takes must render as the parser renders it. A fixed seed: the same lines every run.
  const ALPHABET = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), 'é', 'ß', '中', '½', '\t', '\u00a0', '🎉'];
  function* lines(seed: number, count: number) {
    let state = seed;
    const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < count; i++) {
      let line = next() < 0.8 ? 'Word ' : '';
      const length = 1 + Math.floor(next() * 24);
      for (let j = 0; j < length; j++) line += next() < 0.6 ? 'abc xyz 19 '[Math.floor(next() * 11)] : ALPHABET[Math.floor(next() * ALPHABET.length)];
      yield line;
    }
  }

  test('2,000 lines: the shortcut takes many, and draws each as the parser does', () => {
    let taken = 0;
    for (const line of lines(14, 2000)) {
      if (plainParagraphText(line) === null) continue;
      taken++;
      expect(html(line, true, true), JSON.stringify(line)).toBe(html(line, true, false));
    }
    expect(taken).toBeGreaterThan(200);
  });
});
