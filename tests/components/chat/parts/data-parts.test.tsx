import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { AssistantPart, isVisiblePart } from '@/components/chat/assistant-part';
import { DATA_PART_RENDERERS, isVisibleDataPart, type DataPartOf, type DataPartType } from '@/components/chat/data-part-registry';
import { SessionContextProvider } from '@/components/context/session-context';
import type { AgentUIMessage, AgentUIMessagePart, RunEnd } from '@/lib/agent/messages';
import { renderInApp, sessionContext, uniqueId } from '../../agent/fixtures';

/**
 * One realistic part of every data part type. The mapped type makes this list
 * exhaustive like the registry: a new data part type fails `tsc` here too.
 */
const DATA_PARTS: { [T in DataPartType]: DataPartOf<T> } = {
  'data-retry': {
    type: 'data-retry',
    id: 'retry-1',
    data: { attempt: 1, maxRetries: 3, delayMs: 3_000, cause: 'overloaded', message: 'Overloaded, retrying in 3 s', statusCode: 529 },
  },
  'data-step-error': {
    type: 'data-step-error',
    id: 'step-error-1',
    data: { step: 2, message: 'The connection dropped.', cause: 'network', attempt: 1, summary: 'connection dropped after 212 tokens', outcome: 'retrying', discardedTokens: 212 },
  },
  'data-nudge': {
    type: 'data-nudge',
    id: 'nudge-1',
    data: { kind: 'loop-guard', message: 'You are repeating calculator({"expression":"1+1"}).', call: 'calculator({"expression":"1+1"})', count: 3 },
  },
  'data-tool-notice': {
    type: 'data-tool-notice',
    id: 'tool-notice-1',
    data: { source: 'MCP · github', message: 'github refused the connection. Its tools are not available in this run.' },
  },
  'data-run-end': {
    type: 'data-run-end',
    id: 'run-end-1',
    data: { reason: 'error', message: 'The provider answered 500 three times.', finishReason: 'error' },
  },
  'data-tool-decision': { type: 'data-tool-decision', id: 'decision-1', data: { toolCallId: 'call-1', outcome: 'allowed', reason: 'mode auto' } },
  'data-tool-edit': { type: 'data-tool-edit', id: 'edit-1', data: { toolCallId: 'call-1', input: { a: 2 }, originalInput: { a: 1 } } },
  'data-tool-progress': {
    type: 'data-tool-progress',
    id: 'progress-call-1',
    data: { toolCallId: 'call-1', progress: 3, total: 10, message: 'Indexing files', logs: [{ level: 'info', text: 'started' }] },
  },
  'data-compaction': { type: 'data-compaction', data: { id: 'compaction-1', tokensBefore: 150_000, tokensAfter: 40_000 } },
  'data-context': {
    type: 'data-context',
    data: {
      tokens: 96_000,
      estimated: false,
      breakdown: { system: 1_000, tools: 2_000, conversation: 90_000, toolOutputs: 3_000 },
      window: 200_000,
      level: 'ok',
      percent: 48,
      untilCompaction: 64_000,
    },
  },
  'data-unreadable-message': { type: 'data-unreadable-message', data: { reason: 'parts[0].type: unknown part type' } },
  'data-mcp-resource': { type: 'data-mcp-resource', data: { server: 'docs', uri: 'notes://readme.md', name: 'Readme', mimeType: 'text/markdown', text: '# Readme' } },
  'data-tools-left-out': {
    type: 'data-tools-left-out',
    id: 'tools-left-out',
    data: {
      cap: 128,
      total: 130,
      sent: 127,
      reason: 'over the limit of 128 tools per request',
      leftOut: [{ name: 'big__export_report' }, { name: 'big__archive_project', title: 'Archive project' }, { name: 'big__delete_branch' }],
      enabled: [],
    },
  },
  'data-elicitation': {
    type: 'data-elicitation',
    id: 'elicitation-1',
    data: {
      elicitationId: 'elicit-1',
      toolCallId: 'call-1',
      server: 'deploy',
      message: 'Which environment?',
      requestedSchema: { type: 'object', properties: { env: { type: 'string', enum: ['staging', 'production'] } }, required: ['env'] },
      status: 'declined',
    },
  },
  'data-sampling': {
    type: 'data-sampling',
    id: 'sampling-1',
    data: {
      toolCallId: 'call-1',
      server: 'deploy',
      status: 'refused',
      request: { messages: [{ role: 'user', text: 'Summarize the release notes.' }], maxTokens: 200 },
      note: 'sampling is not enabled for MCP server "deploy"; enable it in Settings → MCP servers.',
    },
  },
  'data-model-pause': {
    type: 'data-model-pause',
    id: 'model-pause-1',
    data: { stepNumber: 1, modelCall: 2, state: 'continued', messageCount: 3, toolCount: 2, edited: true },
  },
};

/** Rows each visible type draws, and the text they must show. */
const EXPECTED_ROWS: Array<[DataPartType, { testId: string; text: string }]> = [
  ['data-retry', { testId: 'retry-notice', text: 'Provider overloaded, retried (1/3)' }],
  ['data-step-error', { testId: 'failed-attempt', text: 'attempt 1 failed: connection dropped after 212 tokens, retrying' }],
  ['data-nudge', { testId: 'nudge', text: 'Loop guard: You are repeating calculator({"expression":"1+1"}). (3×)' }],
  ['data-tool-notice', { testId: 'tool-notice', text: 'MCP · github: github refused the connection. Its tools are not available in this run.' }],
  ['data-run-end', { testId: 'run-end', text: 'The run failedThe provider answered 500 three times.' }],
  ['data-unreadable-message', { testId: 'unreadable-message', text: 'This message could not be loadedparts[0].type: unknown part type' }],
  ['data-tools-left-out', { testId: 'tools-left-out-summary', text: '127 of 130 tools sent; 3 left out: over the limit of 128 tools per request. The agent can find them with search_tools.' }],
  ['data-elicitation', { testId: 'elicitation-card', text: 'MCP · deploy asksDeclinedWhich environment?' }],
  [
    'data-sampling',
    { testId: 'sampling-card', text: 'MCP · deploy wants to call the modelRefusedSampling is not enabled for MCP server "deploy"; enable it in Settings → MCP servers.' },
  ],
  ['data-model-pause', { testId: 'paused-request-record', text: 'Model call 2 was paused, then sent with your edits.' }],
];

const HIDDEN: DataPartType[] = ['data-tool-decision', 'data-tool-edit', 'data-tool-progress', 'data-compaction', 'data-context', 'data-mcp-resource'];

function renderPart(part: AgentUIMessagePart, options: { messageStreaming?: boolean; isNewest?: boolean; onRetry?: () => void } = {}) {
  return renderInApp(
    <AssistantPart part={part} messageId={uniqueId('msg')} index={3} messageStreaming={options.messageStreaming ?? false} isNewest={options.isNewest ?? true} onRetry={options.onRetry} />,
  );
}

test('the registry and this test cover the same data part types', () => {
  expect(Object.keys(DATA_PART_RENDERERS).sort()).toEqual(Object.keys(DATA_PARTS).sort());
  expect([...EXPECTED_ROWS.map(([type]) => type), ...HIDDEN].sort()).toEqual(Object.keys(DATA_PARTS).sort());
});

describe.each(EXPECTED_ROWS)('%s renders', (type, expected) => {
  test(`as its row: "${expected.text}"`, async () => {
    const part = DATA_PARTS[type];
    renderPart(part);

    // findBy: a row whose component is its own chunk (step mode's card) arrives a tick later.
    expect((await screen.findByTestId(expected.testId)).textContent).toBe(expected.text);
    expect(isVisibleDataPart(part)).toBe(true);
    expect(isVisiblePart(part)).toBe(true);
  });
});

describe.each(HIDDEN)('%s', (type) => {
  test('is explicitly hidden: draws nothing and is not content', () => {
    expect(DATA_PART_RENDERERS[type]).toBe('hidden');
    const part = DATA_PARTS[type];
    const { container } = renderPart(part);

    expect(container.innerHTML).toBe('');
    expect(isVisibleDataPart(part)).toBe(false);
    expect(isVisiblePart(part)).toBe(false);
  });
});

describe('retry notice', () => {
  test('is live only while the message streams and nothing came after it', () => {
    const { unmount } = renderPart(DATA_PARTS['data-retry'], { messageStreaming: true, isNewest: true });
    expect(screen.getByRole('status').textContent).toBe('Provider overloaded, retrying in 3 s (1/3)');
    unmount();

    renderPart(DATA_PARTS['data-retry'], { messageStreaming: true, isNewest: false });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('retry-notice').textContent).toBe('Provider overloaded, retried (1/3)');
  });
});

describe('nudge and tool notice', () => {
  test('are notes, with the kind of nudge named', () => {
    const kinds: Array<[DataPartOf<'data-nudge'>['data']['kind'], string]> = [
      ['loop-guard', 'Loop guard'],
      ['done-tool', 'Reminder'],
      ['unfinished-work', 'Unfinished work'],
    ];
    for (const [kind, label] of kinds) {
      const { unmount } = renderPart({ type: 'data-nudge', data: { kind, message: 'Keep going.' } });
      const note = screen.getByRole('note');
      expect(note.dataset.kind).toBe(kind);
      expect(note.textContent).toBe(`${label}: Keep going.`);
      unmount();
    }

    renderPart(DATA_PARTS['data-tool-notice']);
    expect(screen.getByRole('note').textContent).toContain('MCP · github:');
  });

  test('a count already in the message is not repeated', () => {
    renderPart({ type: 'data-nudge', data: { kind: 'loop-guard', message: 'Called 3 times in a row.', count: 3 } });
    expect(screen.getByRole('note').textContent).toBe('Loop guard: Called 3 times in a row.');
  });
});

describe('run end', () => {
  function runEnd(data: RunEnd): DataPartOf<'data-run-end'> {
    return { type: 'data-run-end', data };
  }

  test('a failed run is an alert with a Retry that resends', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderPart(DATA_PARTS['data-run-end'], { onRetry });

    const alert = screen.getByRole('alert');
    expect(alert.dataset.reason).toBe('error');
    expect(within(alert).getByText('The run failed')).toBeTruthy();
    expect(within(alert).getByText('The provider answered 500 three times.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  test('after a server restart it offers Continue instead', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderPart(runEnd({ reason: 'server-restart', message: 'The server restarted.' }), { onRetry });

    const status = screen.getByRole('status');
    expect(within(status).getByText('Interrupted: the server stopped during this run')).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(within(status).getByRole('button', { name: 'Continue' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  test('ends that retrying would not fix offer no Retry', () => {
    renderPart(runEnd({ reason: 'max-iterations', message: 'Stopped after 25 steps.' }), { onRetry: vi.fn() });

    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Step limit reachedStopped after 25 steps.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('a stop by the user does not repeat itself', () => {
    renderPart(runEnd({ reason: 'cancelled', message: 'Stopped by the user.' }));
    expect(screen.getByRole('status').textContent).toBe('Stopped by you');
  });

  test('a normal completion is only a hidden marker and not visible content', () => {
    for (const reason of ['completed', 'done-tool'] as const) {
      const part = runEnd({ reason, message: '' });
      const { unmount } = renderPart(part);
      const marker = screen.getByTestId('run-end');
      expect(marker.className).toContain('sr-only');
      expect(screen.queryByRole('status')).toBeNull();
      expect(isVisibleDataPart(part)).toBe(false);
      unmount();
    }
  });

  test('context limit exceeded offers to compact harder or start over from a summary', async () => {
    const user = userEvent.setup();
    const context = sessionContext();
    renderInApp(
      <SessionContextProvider value={context}>
        <AssistantPart part={runEnd({ reason: 'context-limit', message: 'The context is above the hard limit.' })} messageId="m" index={0} messageStreaming={false} isNewest />
      </SessionContextProvider>,
    );

    expect(screen.getByRole('alert').dataset.reason).toBe('context-limit');
    await user.click(screen.getByRole('button', { name: 'Compact harder' }));
    await user.click(screen.getByRole('button', { name: 'New session from summary' }));
    expect(context.compact).toHaveBeenCalledOnce();
    expect(context.newSessionFromSummary).toHaveBeenCalledOnce();
  });
});

test('decision and edit parts are drawn on their tool card, not as rows of their own', async () => {
  const user = userEvent.setup();
  const toolCallId = uniqueId('call');
  const message: AgentUIMessage = {
    id: uniqueId('msg'),
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'tool-calculator', toolCallId, state: 'output-available', input: { expression: '2+3' }, output: { result: 5 } },
      { type: 'data-tool-decision', data: { toolCallId, outcome: 'allowed', reason: 'approved by you' } },
      { type: 'data-tool-edit', data: { toolCallId, input: { expression: '2+3' }, originalInput: { expression: '2+2' } } },
      DATA_PARTS['data-compaction'],
      DATA_PARTS['data-context'],
      { type: 'text', text: 'The answer is 5.', state: 'done' },
    ],
  };
  renderInApp(<AssistantMessage message={message} streaming={false} />);

  const card = screen.getByTestId('tool-card');
  expect(within(card).getByTestId('tool-decision').textContent).toBe('Ran: approved by you');
  expect(await within(card).findByTestId('tool-edited')).toBeTruthy();
  await user.click(within(card).getByRole('button', { name: 'Show original' }));
  expect(within(card).getByTestId('tool-original-input').textContent).toContain('"expression": "2+2"');

  // Nothing else in the message mentions them.
  const article = screen.getByRole('article');
  expect(within(article).getAllByTestId('tool-decision')).toHaveLength(1);
  expect(within(article).getByText('The answer is 5.')).toBeTruthy();
  expect(article.textContent).not.toContain('compaction-1');
  expect(article.textContent).not.toContain('96000');
});
