import { describe, expect, it } from 'vitest';
import { menuTriggerAt } from '@/components/chat/composer';
import { resourceAttachmentText } from '@/lib/agent/resource-attachment';
import { BUILT_IN_COMMANDS, findCommand, matchCommands, parseSlashInput, promptCommands, unknownCommandMessage } from '@/lib/client/slash-commands';

const prompts = promptCommands([
  { server: 'docs', name: 'review-code', description: 'Ask for a review', arguments: [{ name: 'language', required: true }, { name: 'focus', required: false }] },
  { server: 'docs', name: 'standup', arguments: [] },
]);
const commands = [...BUILT_IN_COMMANDS, ...prompts];

describe('slash commands', () => {
  it('names MCP prompts /server:prompt, with their arguments in the usage', () => {
    expect(prompts.map((command) => command.usage)).toEqual(['/docs:review-code <language> [focus]', '/docs:standup']);
    expect(findCommand(commands, 'docs:standup')?.kind).toBe('prompt');
  });

  it('reads a command only at the very start, followed by a space or the end', () => {
    expect(parseSlashInput('/compact keep the numbers')).toEqual({ name: 'compact', rest: 'keep the numbers' });
    expect(parseSlashInput('/docs:review-code Rust')).toEqual({ name: 'docs:review-code', rest: 'Rust' });
    expect(parseSlashInput('/etc/hosts has a typo')).toBeUndefined();
    expect(parseSlashInput('see /compact')).toBeUndefined();
    expect(parseSlashInput('/')).toBeUndefined();
  });

  it('matches names that start with the query first, also by the prompt’s own name', () => {
    expect(matchCommands(commands, 'st').map((command) => command.name)).toEqual(['docs:standup', 'cost']);
    expect(matchCommands(commands, '').map((command) => command.name)).toEqual([...BUILT_IN_COMMANDS.map((command) => command.name), 'docs:review-code', 'docs:standup']);
    expect(matchCommands(commands, 'code').map((command) => command.name)).toEqual(['docs:review-code']);
  });

  it('answers an unknown command with close matches and how to see them all', () => {
    expect(unknownCommandMessage('comapct', commands)).toBe('Unknown command /comapct: nothing was sent. Did you mean /compact? Type /help to see the commands.');
    expect(unknownCommandMessage('xyz', commands)).toBe('Unknown command /xyz: nothing was sent. Type /help to see the commands.');
  });
});

describe('composer menu triggers', () => {
  it('opens the command menu for /name at the start, while the caret is in it', () => {
    expect(menuTriggerAt('/com', 4)).toEqual({ kind: 'slash', query: 'com', start: 0, end: 4 });
    // Past the name it is the command's argument (a menu only for commands with values to offer: /mode, /model, /export).
    expect(menuTriggerAt('/compact now', 12)).toMatchObject({ kind: 'argument', command: 'compact', query: 'now' });
    expect(menuTriggerAt('hi /com', 7)).toBeUndefined();
  });

  it('opens the resource picker for @query after a space or at the start, not inside a word', () => {
    expect(menuTriggerAt('read @rel', 9)).toEqual({ kind: 'mention', query: 'rel', start: 5, end: 9 });
    expect(menuTriggerAt('@', 1)).toEqual({ kind: 'mention', query: '', start: 0, end: 1 });
    expect(menuTriggerAt('mail me@example.com', 19)).toBeUndefined();
    expect(menuTriggerAt('read @rel and more', 18)).toBeUndefined();
  });
});

describe('resource attachments for the model', () => {
  it('wraps the text in <resource> with escaped attributes, and says what was left out', () => {
    expect(resourceAttachmentText({ server: 'docs', uri: 'notes://a"b', name: 'A <b>', mimeType: 'text/plain', text: 'hello', truncatedChars: 12 })).toBe(
      '<resource server="docs" uri="notes://a&quot;b" name="A &lt;b>" mimeType="text/plain">\nhello\n[… 12 more characters left out]\n</resource>',
    );
  });

  it('gives binary content as a placeholder', () => {
    expect(resourceAttachmentText({ server: 'docs', uri: 'images://logo.png', name: 'Logo', binary: { mimeType: 'image/png', bytes: 70 } })).toBe(
      '<resource server="docs" uri="images://logo.png" name="Logo">\n[binary content, image/png, 70 bytes: not included]\n</resource>',
    );
  });
});
