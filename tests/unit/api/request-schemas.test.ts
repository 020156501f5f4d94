/**
 * Input limits, per schema family: every free string has a maximum length, names
 * (titles, file names, server commands) refuse control characters, free text keeps
 * tabs and line breaks only, and no body nests deeper than the limit.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from '@/lib/api/accounts';
import { approvalsRequestSchema } from '@/lib/api/approval-request';
import { chatRequestSchema, MAX_CHAT_BODY_BYTES, MAX_MESSAGE_CHARS } from '@/lib/api/chat-request';
import { jsonDepth } from '@/lib/api/json-depth';
import { queueEditSchema, queueMessageSchema } from '@/lib/api/queue-request';
import { compactRequestSchema, sessionCreateSchema, sessionPatchSchema } from '@/lib/api/session-request';
import { shareCreateSchema } from '@/lib/api/share-request';
import { freeTextSchema, hasControlCharacters, hasTextControlCharacters, nameSchema } from '@/lib/api/text-input';
import { confirmStdioCommandSchema, createMcpServerSchema } from '@/lib/mcp/config';
import { resolveWorkspaceFilePath } from '@/lib/workspace/paths';

/** Control characters a name refuses: C0 (NUL, bell, tab, line breaks, escape), DEL, C1, and the Unicode line/paragraph separators. */
const NAME_CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'];
/** What free text refuses: the same less tab and line breaks. */
const TEXT_CONTROLS = ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009b'];

function message(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the helpers', () => {
  it('a name refuses every control character and keeps the rest of Unicode, bidi marks included', () => {
    for (const control of NAME_CONTROLS) expect(hasControlCharacters(`a${control}b`), JSON.stringify(control)).toBe(true);
    for (const fine of ['Plain title', 'Émile — résumé', '日本語のタイトル', 'emoji 🚀', 'rtl \u202Egnp.exe']) expect(hasControlCharacters(fine), fine).toBe(false);
  });

  it('free text keeps tabs and line breaks and refuses the other controls', () => {
    expect(hasTextControlCharacters('line one\n\tline two\r\n')).toBe(false);
    for (const control of TEXT_CONTROLS) expect(hasTextControlCharacters(`a${control}b`), JSON.stringify(control)).toBe(true);
  });

  it('schemas say what is wrong and where the limit is', () => {
    expect(message(nameSchema('Title', 5), 'abcdef')).toBe('Title is longer than 5 characters');
    expect(message(nameSchema('Title', 5), '   ')).toBe('Title cannot be empty');
    expect(message(nameSchema('Title', 5), 'a\u0000b')).toBe('Title cannot contain control characters');
    expect(message(freeTextSchema('The reason', 3), 'abcd')).toBe('The reason is longer than 3 characters');
    expect(nameSchema('Title', 20).parse('  padded  ')).toBe('padded');
  });
});

describe('sessions', () => {
  it('titles refuse control characters when created, renamed and imported alike', () => {
    for (const control of NAME_CONTROLS) {
      expect(message(sessionCreateSchema, { title: `x${control}y` })).toMatch(/control characters/);
      expect(message(sessionPatchSchema, { title: `x${control}y` })).toMatch(/control characters/);
    }
    expect(message(sessionCreateSchema, { title: 'x'.repeat(201) })).toMatch(/longer than 200/);
    expect(sessionCreateSchema.parse({ title: 'Good title', modelKey: 'openai:gpt-4.1' })).toEqual({ title: 'Good title', modelKey: 'openai:gpt-4.1' });
  });

  it('refuses unknown keys and over-long model keys', () => {
    expect(sessionCreateSchema.safeParse({ title: 'x', ownerId: 'someone-else' }).success).toBe(false);
    expect(sessionPatchSchema.safeParse({ title: 'x', running: true }).success).toBe(false);
    expect(sessionPatchSchema.safeParse({ modelKey: 'm'.repeat(301) }).success).toBe(false);
  });

  it('the compaction focus is bounded free text', () => {
    expect(compactRequestSchema.parse({ focus: '  keep the API notes\n' })).toEqual({ focus: 'keep the API notes' });
    expect(message(compactRequestSchema, { focus: 'f'.repeat(2001) })).toMatch(/longer than 2,000/);
    expect(message(compactRequestSchema, { focus: 'a\u0000b' })).toMatch(/control characters/);
  });
});

describe('chat, approvals and the queue', () => {
  const chat = (text: string) => ({ sessionId: 's', message: { id: 'm', role: 'user', parts: [{ type: 'text', text }] } });

  it('a message keeps line breaks and tabs, and refuses NUL and escape codes', () => {
    expect(chatRequestSchema.safeParse(chat('first line\n\tindented\r\nlast')).success).toBe(true);
    for (const control of TEXT_CONTROLS) expect(message(chatRequestSchema, chat(`a${control}b`)), JSON.stringify(control)).toMatch(/control characters/);
  });

  it('one text part is bounded (the message total is a 413 when the turn starts: chat-api.test.ts)', () => {
    expect(chatRequestSchema.safeParse(chat('x'.repeat(MAX_MESSAGE_CHARS + 1))).success).toBe(true);
    expect(message(chatRequestSchema, chat('x'.repeat(MAX_CHAT_BODY_BYTES + 1)))).toMatch(/longer than 1,000,000/);
  });

  it('a denial reason is bounded free text', () => {
    const decision = (reason: string) => ({ sessionId: 's', approvals: [{ approvalId: 'a', approved: false, signature: 'sig', reason }] });
    expect(approvalsRequestSchema.safeParse(decision('not now,\nthanks')).success).toBe(true);
    expect(message(approvalsRequestSchema, decision('r'.repeat(2001)))).toMatch(/longer than 2,000/);
    expect(message(approvalsRequestSchema, decision('a\u001b[31mred'))).toMatch(/control characters/);
  });

  it('queued text is trimmed, bounded and refuses control characters, on create and edit', () => {
    expect(queueMessageSchema.parse({ text: '  later\n' })).toEqual({ text: 'later' });
    expect(message(queueMessageSchema, { text: '   ' })).toBe('The message is empty');
    expect(message(queueEditSchema, { text: 'x'.repeat(MAX_MESSAGE_CHARS + 1) })).toMatch(/longer than/);
    expect(message(queueEditSchema, { text: 'a\u0000b' })).toMatch(/control characters/);
    expect(queueMessageSchema.safeParse({ text: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('shares', () => {
  it('an expiry must be a real date in the future', () => {
    expect(shareCreateSchema.safeParse({ expiresAt: Date.now() + 60_000 }).success).toBe(true);
    expect(message(shareCreateSchema, { expiresAt: 9_000_000_000_000_000 })).toBe('The expiry is not a date.');
    expect(shareCreateSchema.safeParse({ expiresAt: 1e300 }).success).toBe(false);
    expect(message(shareCreateSchema, { expiresAt: Date.now() - 1 })).toBe('The expiry must be in the future.');
  });

  it('redactions are bounded ids', () => {
    expect(shareCreateSchema.safeParse({ redact: ['x'.repeat(101)] }).success).toBe(false);
    expect(shareCreateSchema.safeParse({ redact: Array.from({ length: 1001 }, (_, i) => `f${i}`) }).success).toBe(false);
  });
});

describe('accounts', () => {
  it('a name refuses control characters and is bounded', () => {
    const signUp = (name: string) => ({ name, email: 'a@example.com', password: 'long enough password' });
    expect(signUpSchema.safeParse(signUp('Ada Lovelace')).success).toBe(true);
    for (const control of NAME_CONTROLS) expect(signUpSchema.safeParse(signUp(`Ada${control}Lovelace`)).success, JSON.stringify(control)).toBe(false);
    expect(signUpSchema.safeParse(signUp('n'.repeat(101))).success).toBe(false);
  });
});

describe('MCP servers', () => {
  const server = (fields: Record<string, unknown>) => ({ name: 'docs', url: 'https://mcp.example.com/mcp', ...fields });

  it('a URL with a control character is refused, not silently cleaned by the URL parser', () => {
    expect(message(createMcpServerSchema, server({ url: 'https://mcp.exa\tmple.com/mcp' }))).toMatch(/control characters/);
    expect(message(createMcpServerSchema, server({ url: 'https://mcp.example.com/\nmcp' }))).toMatch(/control characters/);
  });

  it('header values allow tabs and refuse line breaks and other controls', () => {
    const header = (value: string) => server({ headers: [{ name: 'Authorization', value }] });
    expect(createMcpServerSchema.safeParse(header('Bearer\tabc')).success).toBe(true);
    for (const bad of ['a\r\nX-Injected: 1', 'a\u0000', 'a\u001b', 'a\u007f']) expect(message(createMcpServerSchema, header(bad)), JSON.stringify(bad)).toMatch(/line breaks or control/);
  });

  it('a stdio command is one line, and arguments refuse control characters other than tabs and line breaks', () => {
    expect(message(confirmStdioCommandSchema, { command: 'node\nrm -rf /', args: [] })).toMatch(/control characters/);
    expect(message(confirmStdioCommandSchema, { command: 'node', args: ['a\u0000b'] })).toMatch(/control characters/);
    expect(confirmStdioCommandSchema.safeParse({ command: 'node', args: ['--eval', 'console.log(1)\nconsole.log(2)'] }).success).toBe(true);
    expect(confirmStdioCommandSchema.safeParse({ command: 'node', args: ['x'.repeat(2001)] }).success).toBe(false);
  });
});

describe('workspace file names', () => {
  it('refuse control characters wherever a path comes from (tools, import, the file API)', () => {
    for (const control of NAME_CONTROLS) expect(() => resolveWorkspaceFilePath(`notes${control}.md`), JSON.stringify(control)).toThrow(/NUL|control character/);
    expect(resolveWorkspaceFilePath('notes/\u202Eexe.md')).toBe('/workspace/notes/\u202Eexe.md');
  });
});

describe('nesting', () => {
  const deep = () => JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
  const bodies: Array<[string, z.ZodType, Record<string, unknown>]> = [
    ['chat', chatRequestSchema, { sessionId: 's', message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] } }],
    ['approvals', approvalsRequestSchema, { sessionId: 's', approvals: [{ approvalId: 'a', approved: true, signature: 'sig' }] }],
    ['session create', sessionCreateSchema, { title: 't', modelKey: 'm' }],
    ['session patch', sessionPatchSchema, { title: 't', settings: {} }],
    ['compact', compactRequestSchema, { focus: 'f' }],
    ['queue', queueMessageSchema, { text: 't' }],
    ['share', shareCreateSchema, { options: { hideToolIO: true }, redact: [] }],
    ['sign-up', signUpSchema, { name: 'n', email: 'a@example.com', password: 'long enough password' }],
    ['MCP server', createMcpServerSchema, { name: 'docs', url: 'https://mcp.example.com/mcp', headers: [] }],
    ['stdio confirmation', confirmStdioCommandSchema, { command: 'node', args: [] }],
  ];

  // Every schema is strict and typed all the way down, so a hostile nesting fails at its first level; the two
  // places that take any JSON (edited tool arguments, an import file) measure depth first, without recursion.
  it.each(bodies)('%s: a 10,000-deep value in any field, or as the body, is refused without walking it', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const key of [...Object.keys(valid), 'unknownKey']) expect(schema.safeParse({ ...valid, [key]: deep() }).success, key).toBe(false);
    expect(schema.safeParse(deep()).success).toBe(false);
  });

  it('edited tool arguments are measured before they are serialized', () => {
    const body = { sessionId: 's', approvals: [{ approvalId: 'a', approved: true, signature: 'sig', editedInput: { path: deep() } }] };
    expect(message(approvalsRequestSchema, body)).toMatch(/too deeply nested/);
  });

  it('the depth count needs no recursion and stops past its limit', () => {
    const deepest = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(jsonDepth(deepest, 64)).toBe(65);
    expect(jsonDepth({ a: { b: [1, { c: 2 }] } })).toBe(4);
  });
});
