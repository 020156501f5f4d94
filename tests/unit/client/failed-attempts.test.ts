import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { failedAttemptLabel } from '@/components/agent/failed-attempt-row';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { TooltipProvider } from '@/components/ui/tooltip';
import { isVisiblePart } from '@/components/chat/assistant-part';
import { DATA_PART_RENDERERS, type DataPartRegistry } from '@/components/chat/data-part-registry';
import type { AgentUIMessage, StepErrorNotice } from '@/lib/agent/messages';

const dropped: StepErrorNotice = {
  step: 0,
  attempt: 1,
  message: 'Network error (other side closed): terminated',
  cause: 'network',
  summary: 'connection dropped after 212 tokens',
  outcome: 'retrying',
  discardedTokens: 212,
  discardedText: 'The half-written first answer',
};

/** As the server renders it, waiting for the parts that are chunks of their own (the failed attempt's row is one). */
async function render(message: AgentUIMessage): Promise<string> {
  // The message footer's buttons have tooltips; the app provides this at its root.
  const { prelude } = await prerender(createElement(TooltipProvider, null, createElement(AssistantMessage, { message, streaming: false })));
  return new Response(prelude).text();
}

describe('failed attempts in the transcript', () => {
  it('words the collapsed row', () => {
    expect(failedAttemptLabel(dropped)).toBe('attempt 1 failed: connection dropped after 212 tokens, retrying');
    expect(failedAttemptLabel({ ...dropped, attempt: 4, outcome: 'failed', summary: 'the model stopped sending data for 60 s' })).toBe(
      'attempt 4 failed: the model stopped sending data for 60 s, gave up',
    );
    // Rows stored before attempts were recorded still read as a sentence.
    expect(failedAttemptLabel({ step: 2, message: 'Server error (502): bad gateway', cause: 'server-error' })).toBe('model call failed: Server error (502): bad gateway');
  });

  it('renders every data-step-error part as a collapsed row, and the withdrawn text not as the answer', async () => {
    const html = await render({
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'data-step-error', id: 'step-error-0-1', data: dropped },
        { type: 'data-step-error', id: 'step-error-0-2', data: { ...dropped, attempt: 2, summary: 'malformed stream event after 3 tokens', cause: 'malformed' } },
        { type: 'text', text: 'The real answer.', state: 'done' },
      ],
    });
    expect(html.match(/data-testid="failed-attempt"/g)).toHaveLength(2);
    expect(html).toContain('attempt 1 failed: connection dropped after 212 tokens, retrying');
    expect(html).toContain('attempt 2 failed: malformed stream event after 3 tokens, retrying');
    expect(html).toContain('The real answer.');
    // Collapsed: the failed attempt's words are not on the page until the row is opened, and never as answer text.
    expect(html).not.toContain('half-written');
  });

  it('has an entry for every data part type, and only the hidden ones draw nothing', () => {
    expect(Object.keys(DATA_PART_RENDERERS).sort()).toEqual([
      'data-compaction',
      'data-context',
      'data-elicitation',
      'data-mcp-resource',
      'data-model-pause',
      'data-nudge',
      'data-retry',
      'data-run-end',
      'data-sampling',
      'data-step-error',
      'data-tool-decision',
      'data-tool-edit',
      'data-tool-notice',
      'data-tool-progress',
      'data-tools-left-out',
      'data-unreadable-message',
    ]);
    expect(isVisiblePart({ type: 'data-step-error', data: dropped })).toBe(true);
    expect(isVisiblePart({ type: 'data-tool-decision', data: { toolCallId: 'c1', outcome: 'allowed', reason: 'mode auto' } })).toBe(false);

    // The registry's type demands every key: leaving one out does not compile.
    const { 'data-step-error': _omitted, ...incomplete } = DATA_PART_RENDERERS;
    // @ts-expect-error data-step-error is missing
    const registry: DataPartRegistry = incomplete;
    expect(Object.keys(registry)).not.toContain('data-step-error');
  });
});
