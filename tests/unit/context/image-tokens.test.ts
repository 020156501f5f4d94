import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE_TOKENS, imageTokens, imageTokensForSize } from '@/lib/agent/image-tokens';
import { RICH_OUTPUT_TYPE, type RichToolOutput } from '@/lib/agent/rich-output';
import { modelToolOutput } from '@/lib/agent/truncate';
import { measureContext } from '@/lib/context/measure';

/** A PNG-looking image: the signature and IHDR with the size, then `bytes` of filler (what a screenshot's data weighs). */
function png(width: number, height: number, bytes: number): string {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(data.buffer).setUint32(16, width);
  new DataView(data.buffer).setUint32(20, height);
  for (let i = 24; i < bytes; i++) data[i] = (i * 7919) % 251;
  return Buffer.from(data).toString('base64');
}

/** A JPEG with an EXIF-like segment before its start-of-frame. */
function jpeg(width: number, height: number): string {
  const app1 = [0xff, 0xe1, 0x00, 0x06, 1, 2, 3, 4];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app1, ...sof, 0xff, 0xd9]).toString('base64');
}

function toolResultWithImage(image: string | undefined): ModelMessage[] {
  const output: RichToolOutput = {
    type: RICH_OUTPUT_TYPE,
    content: [
      // The same text either way: the image's line is written out here, so only the image itself differs.
      { type: 'text', text: 'Here is the screenshot.\n[image: image/png, 195.3 kB]' },
      ...(image ? [{ type: 'image' as const, mimeType: 'image/png', bytes: 195.3 * 1024, data: image }] : []),
    ],
  };
  return [
    { role: 'user', content: 'Take a screenshot.' },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'shot', input: {} }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'shot', output: modelToolOutput(output, 'shot', 50_000) }] },
  ];
}

describe('images in the context measure', () => {
  it("costs OpenAI's high-detail tiles by the image's size", () => {
    expect(imageTokensForSize(512, 512)).toBe(85 + 170);
    expect(imageTokensForSize(800, 600)).toBe(85 + 170 * 4);
    // 4000×3000 → 2048×1536 → 1024×768: 2×2 tiles.
    expect(imageTokensForSize(4000, 3000)).toBe(85 + 170 * 4);
    expect(imageTokens(png(1920, 1080, 1000))).toBe(imageTokensForSize(1920, 1080));
    expect(imageTokens(jpeg(300, 200))).toBe(85 + 170);
    expect(imageTokens('bm90IGFuIGltYWdl')).toBe(FALLBACK_IMAGE_TOKENS);
  });

  it('counts an image in a tool result as an image, not as its base64, for the meter and the trigger alike', async () => {
    const image = png(800, 600, 200_000);
    const withImage = await measureContext({ modelId: 'gpt-4o', instructions: '', tools: [], messages: toolResultWithImage(image) });
    const withoutData = await measureContext({ modelId: 'gpt-4o', instructions: '', tools: [], messages: toolResultWithImage(undefined) });
    // 200 kB of base64 would be tens of thousands of tokens as text.
    const imageCost = withImage.breakdown.toolOutputs - withoutData.breakdown.toolOutputs;
    expect(imageCost).toBeGreaterThanOrEqual(85 + 170 * 4);
    expect(imageCost).toBeLessThan(85 + 170 * 4 + 20);
    expect(withImage.tokens).toBeLessThan(1_000);
    // Same under the character-based estimate (a model without a tokenizer).
    const local = await measureContext({ modelId: 'llama3.1', instructions: '', tools: [], messages: toolResultWithImage(image) });
    expect(local.tokens).toBeLessThan(1_000);
  });
});
