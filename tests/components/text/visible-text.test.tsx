import { render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ToolCard } from '@/components/agent/tool-card';
import { useDocumentTitle } from '@/components/chat/hooks/use-document-title';
import { SessionTitle } from '@/components/chat/session-title';
import { McpTestOutcome } from '@/components/mcp/mcp-tool-list';
import { SessionListItem } from '@/components/sessions/session-list-item';
import { SharedSession } from '@/components/share/shared-session';
import { VisibleText } from '@/components/ui/visible-text';
import { FileTree } from '@/components/workspace/file-tree';
import type { ShareSnapshot } from '@/lib/api-types';
import { visibleSegments, visibleText } from '@/lib/text/visible-text';
import { renderInApp, uniqueId } from '../agent/fixtures';
import { session, withSessions } from '../chat/hooks/fake-api';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }), usePathname: () => '/' }));

/** Right-to-left override: `invoice‮fdp.exe` reads as `invoiceexe.pdf` when applied. */
const RLO = '\u202E';
const SPOOFED = `invoice${RLO}fdp.exe`;
const SHOWN = 'invoice⟨U+202E⟩fdp.exe';

const BIDI_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

/** No bidi control reached the DOM's text, and the marker did. */
function expectShownNotApplied(element: HTMLElement, shown = SHOWN) {
  expect(element.textContent).toContain(shown);
  expect(element.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
}

describe('the helper', () => {
  test('every bidi embedding, override, isolate and mark becomes a named marker', () => {
    for (const control of BIDI_CONTROLS) {
      const name = `U+${control.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      expect(visibleText(`a${control}b`)).toBe(`a⟨${name}⟩b`);
      expect(visibleSegments(`a${control}b`)).toEqual([
        { kind: 'text', text: 'a' },
        { kind: 'control', codePoint: name },
        { kind: 'text', text: 'b' },
      ]);
    }
  });

  test('control characters are shown too; ordinary text, right-to-left letters and emoji are left alone', () => {
    expect(visibleText('line\nbreak\u0000')).toBe('line⟨U+000A⟩break⟨U+0000⟩');
    for (const plain of ['Plain title', 'שלום עולם', 'مرحبا', 'family 👨‍👩‍👧', '']) expect(visibleText(plain)).toBe(plain);
    expect(visibleSegments('')).toEqual([]);
  });

  test('a block of lines (pretty JSON, a tool output) keeps its tabs and line feeds; other controls are still shown', () => {
    expect(visibleSegments('{\n\t"a": 1\n}', { multiline: true })).toEqual([{ kind: 'text', text: '{\n\t"a": 1\n}' }]);
    expect(visibleSegments(`a\r${RLO}\u0000b`, { multiline: true }).filter((segment) => segment.kind === 'control')).toEqual([
      { kind: 'control', codePoint: 'U+000D' },
      { kind: 'control', codePoint: 'U+202E' },
      { kind: 'control', codePoint: 'U+0000' },
    ]);
  });
});

describe('the component', () => {
  test('renders the marker as a small labelled span, isolated from what stands beside it', () => {
    const { container } = render(<VisibleText text={SPOOFED} />);
    const root = container.querySelector('bdi[data-slot="visible-text"]') as HTMLElement;
    expectShownNotApplied(root);
    const marker = root.querySelector('[data-slot="control-char"]') as HTMLElement;
    expect(marker.textContent).toBe('⟨U+202E⟩');
    expect(marker.title).toBe('Hidden character U+202E, shown instead of applied');
  });

  test('a plain title renders as exactly its text', () => {
    const { container } = render(<VisibleText text="Quarterly report" />);
    expect(container.textContent).toBe('Quarterly report');
    expect(container.querySelector('[data-slot="control-char"]')).toBeNull();
  });
});

describe('where names are shown', () => {
  test('the sidebar and the header show a session title with the marker', () => {
    const item = session({ id: 's1', title: SPOOFED });
    render(<SessionListItem session={item} active={false} onDeleted={() => {}} rename={async () => true} />, { wrapper: withSessions([item]) });
    expectShownNotApplied(screen.getByTestId('session-title'));

    renderInApp(<SessionTitle title={SPOOFED} onRename={() => {}} />);
    expectShownNotApplied(screen.getByTestId('session-title-button'));
  });

  test('the document title shows the marker instead of reversing the tab text', () => {
    renderHook(() => useDocumentTitle(SPOOFED));
    expect(document.title).toBe(`${SHOWN} · Agent Playground`);
  });

  test('the workspace file tree shows file and folder names with markers, its tooltip too', () => {
    render(<FileTree files={[{ path: `/workspace/${RLO}cod/${SPOOFED}`, size: 10 }]} onSelect={() => {}} />);
    const tree = screen.getByTestId('file-tree');
    expectShownNotApplied(tree);
    expect(tree.textContent).toContain('⟨U+202E⟩cod/');
    expect(screen.getByTestId('file-tree-item').title).toBe(`/workspace/⟨U+202E⟩cod/${SHOWN}`);
  });

  test('a tool card shows its tool name, server badge and file path with markers', () => {
    renderInApp(
      <ToolCard
        part={{ type: 'dynamic-tool', toolName: 'docs__search', title: `Search ${RLO}sgnittes`, toolCallId: uniqueId('call'), state: 'input-available', input: { q: 'x' } }}
        messageStreaming
      />,
    );
    expectShownNotApplied(screen.getByTestId('tool-title'), 'Search ⟨U+202E⟩sgnittes');

    renderInApp(<ToolCard part={{ type: 'tool-write_file', toolCallId: uniqueId('call'), state: 'input-available', input: { path: SPOOFED, content: 'x' } }} messageStreaming />);
    expectShownNotApplied(screen.getAllByTestId('tool-card').at(-1)!);
  });

  test('tools listed by an MCP server show their names and descriptions with markers', () => {
    render(<McpTestOutcome result={{ ok: true, tools: [{ name: `docs__delete${RLO}daer`, toolName: `delete${RLO}daer`, description: `Reads ${RLO}selif`, permission: 'external' }] }} />);
    const tool = screen.getByTestId('mcp-tool');
    expectShownNotApplied(tool, 'docs__delete⟨U+202E⟩daer');
    expect(tool.textContent).toContain('Reads ⟨U+202E⟩selif');
  });

  test('a share page shows its title and file names with markers', () => {
    const snapshot: ShareSnapshot = {
      title: SPOOFED,
      modelKey: 'demo',
      sharedAt: 1,
      messages: [],
      compactions: [],
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, estimated: false },
      systemPrompt: null,
      workspace: [{ path: `/workspace/${SPOOFED}`, size: 1, text: 'x' }],
    };
    renderInApp(<SharedSession snapshot={snapshot} token={'t'.repeat(32)} live={false} />);
    expectShownNotApplied(screen.getByTestId('share-title'));
    expectShownNotApplied(within(screen.getByTestId('share-files')).getByTestId('share-file'));
  });
});
