import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AttachImageButton, ComposerImageTray } from '@/components/chat/composer-attachments';
import { useDictation } from '@/components/chat/hooks/use-dictation';
import { useDraft, type Draft } from '@/components/chat/hooks/use-draft';
import { useImageAttachments, type ImageModel } from '@/components/chat/hooks/use-image-attachments';
import { MessageImages } from '@/components/chat/message-images';
import { VoiceButton } from '@/components/chat/voice-button';
import type { ImageFilePart } from '@/lib/api/attachments';
import { renderInApp } from '../agent/fixtures';

/** The composer's images (tray, picker, early refusal, hand-back) and dictation (states, errors, text), in the browser's terms. */

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
const pngFile = (name = 'shot.png') => new File([PNG], name, { type: 'image/png' });
const PNG_URL = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

/** A draft store outside the tree, as the chat view holds one. */
const newDraft = (): Draft => renderHook(() => useDraft()).result.current;

function Tray({ model, draft, onTake }: { model: ImageModel; draft: Draft; onTake?: (parts: ImageFilePart[]) => void }) {
  const images = useImageAttachments(draft, model);
  return (
    <>
      <ComposerImageTray attachments={images} />
      <AttachImageButton attachments={images} disabledReason={model.images ? undefined : `${model.label} does not take images`} />
      <button type="button" onClick={() => onTake?.(images.take(draft.get()))}>
        take
      </button>
    </>
  );
}

const upload = (files: File[]) => fireEvent.change(screen.getByTestId('image-file-input'), { target: { files } });

describe('images in the composer', () => {
  test('a picked image shows as a thumbnail and can be removed; a file that is no image is refused in plain words', async () => {
    renderInApp(<Tray model={{ label: 'gpt-4.1-mini', images: true }} draft={newDraft()} />);
    upload([pngFile()]);
    expect((await screen.findByRole('img', { name: 'shot.png' })).getAttribute('src')).toBe(PNG_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Remove shot.png' }));
    expect(screen.queryByTestId('composer-image')).toBeNull();

    upload([new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' })]);
    expect((await screen.findByTestId('image-problem')).textContent).toBe('“logo.png” is not a PNG, JPEG, GIF or WebP image.');
    expect(screen.queryByTestId('composer-image')).toBeNull();
  });

  test('a model that takes no images refuses them before they are attached, naming the model', async () => {
    renderInApp(<Tray model={{ label: 'scripted-chat', images: false }} draft={newDraft()} />);
    upload([pngFile()]);
    expect((await screen.findByTestId('image-problem')).textContent).toMatch(/^scripted-chat does not take images\./);
    expect(screen.queryByTestId('composer-image')).toBeNull();
  });

  test('the images go with the message, and come back when the server refused it and the text is given back', async () => {
    const draft = newDraft();
    const taken: ImageFilePart[][] = [];
    renderInApp(<Tray model={{ label: 'gpt-4o', images: true }} draft={draft} onTake={(parts) => taken.push(parts)} />);
    upload([pngFile('a.png')]);
    await screen.findByRole('img', { name: 'a.png' });
    act(() => draft.setDraft('look'));
    fireEvent.click(screen.getByRole('button', { name: 'take' }));
    act(() => draft.markSent('look'));
    expect(taken[0]).toEqual([{ type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'a.png' }]);
    expect(screen.queryByTestId('composer-image')).toBeNull();
    act(() => draft.restore());
    expect(await screen.findByRole('img', { name: 'a.png' })).toBeTruthy();
  });

  test('images sent alone (no text) come back too when the server refused the message', async () => {
    const draft = newDraft();
    renderInApp(<Tray model={{ label: 'gpt-4o', images: true }} draft={draft} onTake={() => {}} />);
    upload([pngFile('alone.png')]);
    await screen.findByRole('img', { name: 'alone.png' });
    fireEvent.click(screen.getByRole('button', { name: 'take' }));
    act(() => draft.markSent(''));
    expect(screen.queryByTestId('composer-image')).toBeNull();
    act(() => draft.restore());
    expect(await screen.findByRole('img', { name: 'alone.png' })).toBeTruthy();
  });

  test('a sent message shows only images whose bytes match their type: never SVG, never a link', () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`;
    render(
      <MessageImages
        message={{
          parts: [
            { type: 'file', mediaType: 'image/png', url: PNG_URL, filename: 'ok.png' },
            { type: 'file', mediaType: 'image/svg+xml', url: svg },
            { type: 'file', mediaType: 'image/png', url: 'https://example.com/x.png' },
            { type: 'file', mediaType: 'image/png', url: svg.replace('image/svg+xml', 'image/png') },
          ],
        }}
      />,
    );
    expect(screen.getAllByTestId('message-image').map((img) => img.getAttribute('alt'))).toEqual(['ok.png']);
  });
});

describe('dictation', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A MediaRecorder that hands over one chunk of WebM when stopped. */
  class FakeRecorder {
    static isTypeSupported = (type: string) => type.startsWith('audio/webm');
    state: 'inactive' | 'recording' = 'inactive';
    mimeType = 'audio/webm;codecs=opus';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(readonly stream: MediaStream) {}
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob([Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2])], { type: this.mimeType }) });
      this.onstop?.();
    }
  }

  function stubBrowser({ available = true, getUserMedia }: { available?: boolean; getUserMedia?: () => Promise<unknown> } = {}) {
    const posted: unknown[] = [];
    const track = { stop: vi.fn() };
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: getUserMedia ?? (async () => ({ getTracks: () => [track] })) },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ text: 'hello from the microphone' }), { status: 200 });
        }
        return new Response(JSON.stringify(available ? { available: true, model: 'gpt-4o-mini-transcribe' } : { available: false, reason: 'Dictation needs an OpenAI key.' }), { status: 200 });
      }),
    );
    return { posted, track };
  }

  test('records, stops on a second press, and hands the transcript over; the microphone is released', async () => {
    const { posted, track } = stubBrowser();
    const texts: string[] = [];
    const { result } = renderHook(() => useDictation((text) => texts.push(text)));
    await act(async () => result.current.toggle());
    // The recorder loads on the first press (a dynamic import), then records.
    await waitFor(() => expect(result.current.state).toBe('recording'));
    act(() => result.current.toggle());
    await waitFor(() => expect(texts).toEqual(['hello from the microphone']));
    expect(result.current.state).toBe('idle');
    expect(posted).toEqual([{ mediaType: 'audio/webm;codecs=opus', audio: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2]).toString('base64') }]);
    expect(track.stop).toHaveBeenCalled();
  });

  test('a denied microphone is said in plain words; a server that cannot transcribe turns the button off with its reason', async () => {
    stubBrowser({ available: false, getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) });
    const { result } = renderHook(() => useDictation(() => {}));
    await act(async () => result.current.toggle());
    await waitFor(() => expect(result.current.error).toMatch(/^Microphone access was denied\./));
    await waitFor(() => expect(result.current.unavailable).toBe('Dictation needs an OpenAI key.'));

    function Mic() {
      return <VoiceButton dictation={useDictation(() => {})} />;
    }
    renderInApp(<Mic />);
    await waitFor(() => expect((screen.getByTestId('voice-button') as HTMLButtonElement).disabled).toBe(true));
  });
});
