import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Composer, type ComposerAssist } from '@/components/chat/composer';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { BUILT_IN_COMMANDS, promptCommands } from '@/lib/client/slash-commands';
import { renderInApp } from '../agent/fixtures';

/** The composer's `@` and `/` menus, from the keyboard only. */

const catalog = {
  servers: [
    { name: 'docs', ok: true },
    { name: 'down', ok: false, error: 'MCP server "down" refused the connection (is it running?).' },
  ],
  resources: [
    { server: 'docs', uri: 'notes://readme.md', name: 'Readme', mimeType: 'text/markdown' },
    { server: 'docs', uri: 'notes://changelog.md', name: 'Changelog', mimeType: 'text/markdown' },
  ],
  templates: [{ server: 'docs', uriTemplate: 'issues://{number}', name: 'Issue' }],
  prompts: [{ server: 'docs', name: 'standup', arguments: [] }],
};

function setup() {
  const onAttach = vi.fn();
  const onCommand = vi.fn();
  const onSend = vi.fn();
  function Harness() {
    const [value, setValue] = useState('');
    const [attachments, setAttachments] = useState<McpResourceAttachment[]>([]);
    const assist: ComposerAssist = {
      catalog: { state: 'ready', data: catalog },
      loadCatalog: () => {},
      commands: [...BUILT_IN_COMMANDS, ...promptCommands(catalog.prompts)],
      attachments,
      onAttach: (resource) => {
        onAttach(resource);
        setAttachments((list) => [...list, { server: resource.server, uri: resource.uri, name: resource.name }]);
      },
      onDetach: (resource) => setAttachments((list) => list.filter((chip) => chip.uri !== resource.uri)),
      onCommand,
    };
    return <Composer value={value} onChange={setValue} onSend={onSend} busy={false} assist={assist} />;
  }
  renderInApp(<Harness />);
  return { input: screen.getByTestId('composer-input') as HTMLTextAreaElement, onAttach, onCommand, onSend, user: userEvent.setup() };
}

describe('the @ resource picker', () => {
  test('arrows move, Enter attaches, the @query text goes, and the chip can be removed', async () => {
    const { input, onAttach, onSend, user } = setup();
    await user.type(input, 'see @');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Readmenotes://readme.mddocs · text/markdown',
      'Changelognotes://changelog.mddocs · text/markdown',
      'Issueissues://{number}: resource templates are not supported yetdocs',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(screen.getByTestId('catalog-footer').textContent).toContain('MCP server "down" refused the connection');

    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    expect(onAttach).toHaveBeenCalledWith(expect.objectContaining({ uri: 'notes://changelog.md' }));
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('see ');
    expect(screen.queryByRole('listbox')).toBeNull();
    // The draft's chips are a chunk of their own, drawn once loaded.
    expect((await screen.findByTestId('composer-resource-chip')).textContent).toContain('Changelog');

    // An attached resource is not offered again; typing narrows the list.
    await user.type(input, '@re');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent?.split('notes://')[0])).toEqual(['Readme']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('see @re');

    await user.click(screen.getByRole('button', { name: 'Remove Changelog' }));
    expect(screen.queryByTestId('composer-resource-chip')).toBeNull();
  });

  test('a resource template cannot be chosen', async () => {
    const { input, onAttach, user } = setup();
    await user.type(input, '@issue');
    expect((await screen.findByRole('option')).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Tab}');
    expect(onAttach).not.toHaveBeenCalled();
  });
});

describe('the / command menu', () => {
  test('lists the built-in commands and the MCP prompts; Tab hands the active one over', async () => {
    const { input, onCommand, user } = setup();
    await user.type(input, '/');
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      ...BUILT_IN_COMMANDS.map((command) => expect.stringContaining(command.usage)),
      expect.stringMatching(/^\/docs:standup.*MCP · docs$/),
    ]);
    await user.keyboard('{ArrowUp}{Tab}');
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ kind: 'prompt', name: 'docs:standup' }));
  });

  test('a built-in command typed out in full runs on Enter instead of completing', async () => {
    const { input, onCommand, onSend, user } = setup();
    await user.type(input, '/compact');
    expect((await screen.findAllByRole('option'))).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(onCommand).not.toHaveBeenCalled();
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
