import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { docShot } from './doc-shots';
import { MODELS, newSession, shot, waitForHydration, waitForRunEnd } from './helpers';

/**
 * Images in the composer and voice dictation, in a real Chromium: an image
 * pasted for a model that takes images is attached, sent, shown in the message
 * and still there after a reload; one dropped for a text-only model is refused
 * with the model named. The first message of a session takes images on the
 * new-session page and carries them to the model; images alone are a message.
 * Dictation records from Chromium's fake microphone, the
 * scripted server transcribes it, and the text lands in the composer unsent.
 * The wire format (input_image, image_url) is checked by tests/integration/media.test.ts.
 */

// Chromium's fake capture device (a beep) and no permission prompt: the spec's own browser.
const launchOptions = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

const scriptedOrigin = `http://127.0.0.1:${process.env.E2E_SCRIPTED_PORT ?? 4010}`;
/** The demo model: the one configured model whose capabilities say it takes images. */
const VISION_MODEL = 'demo:demo-agent';
/** A vision model on the scripted server (the catalog knows gpt-4.1-mini takes images): what reached the model is recorded. */
const SCRIPTED_VISION_MODEL = 'openai:gpt-4.1-mini';

type Recorded = { api: string; body: { model: string; input: { role?: string; content?: { type: string; image_url?: string; text?: string }[] }[] } };
/** The content of the last user item of each Responses request to the scripted vision model. */
async function userContentsSent(request: APIRequestContext) {
  const recorded = (await (await request.get(`${scriptedOrigin}/__requests`)).json()) as Recorded[];
  return recorded.filter((r) => r.api === 'responses' && r.body.model === 'gpt-4.1-mini').map((r) => r.body.input.filter((item) => item.role === 'user').at(-1)?.content);
}

/** A real 2×2 PNG (red, green, blue, white). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/** Dispatches a paste (or a drop on the composer) of one image file, as the browser does for a screenshot on the clipboard. */
async function giveImage(page: Page, how: 'paste' | 'drop', name: string): Promise<void> {
  const target = how === 'paste' ? page.getByTestId('composer-input') : page.getByTestId('composer-drop-zone');
  await target.evaluate(
    (element, { how, name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      const event = how === 'paste' ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      element.dispatchEvent(event);
    },
    { how, name, base64: PNG_BASE64 },
  );
}

test('an image is pasted, sent and kept for a model that sees images, and refused for one that does not', async ({ page, request }) => {
  await newSession(page, VISION_MODEL);
  await giveImage(page, 'paste', 'pixels.png');
  const chip = page.getByTestId('composer-image');
  await expect(chip).toHaveCount(1);
  await expect(chip.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByTestId('composer-input').fill('What colours are in this image?');
  await shot(page, 'media-image-attached');
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(chip).toBeInViewport();
  await shot(page, 'media-image-attached-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.getByTestId('send-button').click();
  await expect(chip).toHaveCount(0);
  const sent = page.getByTestId('message-user').last();
  await expect(sent.getByTestId('message-image')).toHaveAttribute('src', `data:image/png;base64,${PNG_BASE64}`);
  await expect(sent).toContainText('What colours are in this image?');
  await shot(page, 'media-image-sent');
  // Stored with the message before the run starts: a reload (the run still going or not) shows it again.
  await page.reload();
  await expect(page.getByTestId('message-user').last().getByTestId('message-image')).toBeVisible();

  // A text-only model: refused before it is attached, with the model named; the attach button says the same.
  await newSession(page, MODELS.chat);
  await giveImage(page, 'drop', 'pixels.png');
  await expect(page.getByTestId('image-problem')).toHaveText(/^scripted-chat does not take images\./);
  await expect(chip).toHaveCount(0);
  await shot(page, 'media-image-refused');

  // The first message of a session, from the new-session page: two images (pasted, dropped) reach the model with the text.
  await request.delete(`${scriptedOrigin}/__requests`);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('model-picker').click();
  await page.locator(`[data-testid="model-option"][data-model-key="${SCRIPTED_VISION_MODEL}"]`).click();
  await giveImage(page, 'paste', 'first.png');
  await giveImage(page, 'drop', 'second.png');
  await expect(chip).toHaveCount(2);
  await page.getByTestId('composer-input').fill('Compare these two');
  await docShot(page, 'new-session-images');
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(chip.last()).toBeInViewport();
  await docShot(page, 'new-session-images-390');
  await page.setViewportSize({ width: 1280, height: 820 });
  await page.getByTestId('send-button').click();
  await expect(page).toHaveURL(/\/s\/[\w-]+$/);
  await expect(page.getByTestId('message-user').last().getByTestId('message-image')).toHaveCount(2);
  await waitForRunEnd(page, 'completed');
  const imageSent = { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` };
  expect((await userContentsSent(request))[0]).toEqual([{ type: 'input_text', text: 'Compare these two' }, imageSent, imageSent]);

  // Images alone: Enter sends them with no text, and no text part reaches the model.
  await giveImage(page, 'paste', 'alone.png');
  await expect(page.getByTestId('send-button')).toBeEnabled();
  await page.getByTestId('composer-input').press('Enter');
  const alone = page.getByTestId('message-user').last();
  await expect(alone.getByTestId('message-image')).toHaveCount(1);
  await expect(alone).not.toContainText(/\S/);
  await waitForRunEnd(page, 'completed');
  await shot(page, 'media-image-only-sent');
  expect((await userContentsSent(request)).at(-1)).toEqual([imageSent]);
});

test('dictation records from the microphone and puts the transcript into the composer, unsent', async ({ page, request }) => {
  await request.delete(`${scriptedOrigin}/__requests`);
  await newSession(page, MODELS.responses);
  const input = page.getByTestId('composer-input');
  await input.fill('Note:');
  const mic = page.getByTestId('voice-button');
  await expect(mic).toBeEnabled();
  await mic.click();
  await expect(mic).toHaveAttribute('data-state', 'recording');
  await expect(page.getByTestId('dictation-status')).toHaveText(/Recording/);
  await shot(page, 'media-dictation-recording');
  await page.keyboard.press('Escape'); // stops the recording (not a run: none is going)
  await expect(input).toHaveValue(/^Note: Dictated [\d,]+ bytes of audio\/webm\.$/);
  await expect(mic).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('message-user')).toHaveCount(0); // inserted for editing, never sent
  const recorded = (await (await request.get(`${scriptedOrigin}/__requests`)).json()) as { api: string; body: { model: string; file: { type: string; head: string } } }[];
  const transcription = recorded.filter((r) => r.api === 'transcriptions');
  expect(transcription).toHaveLength(1);
  expect(transcription[0].body).toMatchObject({ model: 'gpt-4o-mini-transcribe', file: { type: 'audio/webm', head: expect.stringMatching(/^1a45dfa3/) } });
});
