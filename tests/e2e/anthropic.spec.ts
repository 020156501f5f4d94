import { expect, test } from '@playwright/test';
import { answerText, lastAssistant, MODELS, newSession, scenario, send, shot, uniqueId, waitForRunEnd } from './helpers';

/**
 * Providers through the scripted server (playwright.config.ts): Claude over Anthropic's Messages API
 * (thinking shown as reasoning and sent back signed, a tool call, prompt-cache usage and its cost), and
 * OpenAI's Responses API with store: false sending its encrypted reasoning back after a tool step.
 */

const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;

interface Recorded {
  api: string;
  body: { messages?: Array<{ role: string; content: unknown }>; input?: Array<{ type?: string; encrypted_content?: string }>; system?: unknown; tools?: unknown; include?: string[] };
}

/** The scripted server's requests whose body mentions `marker` (other workers share the server). */
async function requestsWith(request: import('@playwright/test').APIRequestContext, marker: string): Promise<Recorded[]> {
  const all = (await (await request.get(`${scriptedOrigin}/__requests`)).json()) as Recorded[];
  return all.filter((r) => JSON.stringify(r.body).includes(marker));
}

test.describe('providers', () => {
  test('Claude: thinking shown as reasoning and sent back signed, a tool call, cache reads and writes in the usage and cost', async ({ page }) => {
    const id = uniqueId();
    await newSession(page, MODELS.anthropic);
    await expect(page.getByTestId('model-picker')).toHaveAttribute('data-model-key', MODELS.anthropic);
    const thought = 'The user wants 6*7, so I will use the calculator.';
    await send(
      page,
      `Compute ${id} ${scenario('tool', { tool: 'calculator', args: '{"expression":"6*7"}', reasoning: thought, answer: 'It is 42.', inputTokens: 20000, cachedTokens: 15000, cacheWriteTokens: 4000 })}`,
    );
    const message = lastAssistant(page);
    await waitForRunEnd(page, 'completed');

    // Thinking is a reasoning block (one per step: the model thought before the call and before the answer).
    const blocks = message.getByTestId('reasoning-block');
    await expect(blocks).toHaveCount(2);
    await blocks.first().getByTestId('reasoning-toggle').click();
    await expect(blocks.first().getByTestId('reasoning-text')).toHaveText(thought);
    // The tool ran and the answer followed.
    const card = message.getByTestId('tool-card');
    await expect(card).toHaveAttribute('data-tool-name', 'calculator');
    await expect(card).toHaveAttribute('data-state', 'output-available');
    await expect(answerText(message)).toHaveText('It is 42.');

    // Two steps of 20k input each: 30k read from the cache, 8k written to it; priced at Sonnet 4.5's list prices:
    // fresh 2k × $3 + read 30k × $0.30 + written 8k × $3.75 (per million) + output.
    const usage = message.getByTestId('message-usage');
    await expect(usage).toContainText('cached 30');
    await expect(usage).toContainText('cache write 8');
    await expect(message.getByTestId('message-cost')).toBeVisible();
    await usage.focus();
    await expect(page.getByRole('tooltip')).toContainText('Cache writes');
    await shot(page, 'anthropic-thinking-tool-cache');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'anthropic-thinking-tool-cache-390');

    // What the provider got: the signed thinking block back with the tool result, and the cache breakpoints.
    const requests = await requestsWith(page.request, id);
    expect(requests.map((r) => r.api)).toEqual(['anthropic', 'anthropic']);
    const second = JSON.stringify(requests[1].body);
    expect(second).toContain(`"type":"thinking","thinking":${JSON.stringify(thought)},"signature":"sig-`);
    expect(second.match(/"cache_control":\{"type":"ephemeral"\}/g)).toHaveLength(3);
  });

  test('OpenAI Responses (store: false): the reasoning item goes back with its encrypted content after a tool step', async ({ page }) => {
    const id = uniqueId();
    await newSession(page, MODELS.responses);
    await send(page, `Compute ${id} ${scenario('tool', { tool: 'calculator', args: '{"expression":"2+2"}', reasoning: 'Use the calculator.', answer: 'It is 4.' })}`);
    await waitForRunEnd(page, 'completed');
    await expect(lastAssistant(page).getByTestId('reasoning-block')).toHaveCount(2);

    const [first, second] = await requestsWith(page.request, id);
    expect(first.body.include).toEqual(['reasoning.encrypted_content']);
    const item = second.body.input?.find((i) => i.type === 'reasoning');
    expect(item?.encrypted_content).toMatch(/^gAAAAA-scripted-/);
  });
});
