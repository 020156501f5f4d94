import { streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createDemoModel } from '@/lib/models/demo-model';

describe('demo model with an attached image', () => {
  it('reports the image as a provider would bill it, not as its base64 (a screenshot would overflow its 8k window)', async () => {
    const usage = async (image?: string) => {
      const content = [{ type: 'text' as const, text: 'What is in this picture?' }, ...(image ? [{ type: 'file' as const, mediaType: 'image/png', data: image }] : [])];
      const result = streamText({ model: createDemoModel(), messages: [{ role: 'user', content }] });
      return (await result.finalStep).usage.inputTokens ?? 0;
    };
    const screenshot = Buffer.alloc(300_000, 7).toString('base64');
    const extra = (await usage(screenshot)) - (await usage());
    expect(extra).toBeGreaterThan(300);
    expect(extra).toBeLessThan(2_000);
  });
});
