import { describe, expect, it } from 'vitest';
import { historyToModelMessages } from '@/lib/agent';
import { imageTokensForSize } from '@/lib/agent/image-tokens';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { measureContext } from '@/lib/context/measure';

/** A 1600×1200 PNG header and 300 kB of filler: a screenshot's weight. */
function pngDataUrl(): string {
  const data = new Uint8Array(300_000);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(data.buffer).setUint32(16, 1600);
  new DataView(data.buffer).setUint32(20, 1200);
  for (let i = 24; i < data.length; i++) data[i] = (i * 7919) % 251;
  return `data:image/png;base64,${Buffer.from(data).toString('base64')}`;
}

describe('an image attached to a user message in the context measure', () => {
  it('counts as providers bill the image, not as its 400 kB of base64, from the stored message on', async () => {
    const stored = (withImage: boolean): AgentUIMessage[] => [
      {
        id: 'u1',
        role: 'user',
        parts: [{ type: 'text', text: 'What is on this screen?' }, ...(withImage ? [{ type: 'file' as const, mediaType: 'image/png', url: pngDataUrl(), filename: 'screen.png' }] : [])],
      },
    ];
    const measure = async (withImage: boolean) =>
      measureContext({ modelId: 'gpt-4o', instructions: '', tools: [], messages: await historyToModelMessages(stored(withImage), [], 50_000) });
    const cost = (await measure(true)).tokens - (await measure(false)).tokens;
    // 1600×1200 → 1024×768 at high detail: 2×2 tiles.
    expect(cost).toBeGreaterThanOrEqual(imageTokensForSize(1600, 1200));
    expect(cost).toBeLessThan(imageTokensForSize(1600, 1200) + 20);
  });
});
