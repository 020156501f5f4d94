import 'server-only';
import { createOpenAI } from '@ai-sdk/openai';
import { transcribe, type TranscriptionModel } from 'ai';
import { checkAudio, type TranscribeRequest } from '@/lib/api/transcribe-request';
import { keyRedactingFetch } from '@/lib/models/key-redacting-fetch';
import { logger } from '@/lib/log.mjs';
import { describeError } from './errors';
import { ApiError } from './http';
import { currentOwnerId } from './owner';
import { providerEnvFor } from './provider-keys';

/**
 * Voice dictation: the composer's recording becomes text through the AI SDK's
 * `transcribe` on the OpenAI provider the owner's runs use (their key, the
 * admin's or the environment's; the same base URL). The text goes back to the
 * composer to be read and edited; nothing is stored and nothing is sent to a
 * chat model. Other providers here (OpenAI-compatible servers, Ollama) have no
 * transcription endpoint the AI SDK can call, so without OpenAI the microphone
 * is off and says why.
 */

/** OpenAI's small speech-to-text model: the price of whisper-1 at half, and better on short dictation. */
const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';
/** A dictation that takes longer than this is given up (a provider that hangs must not hold the request). */
const TRANSCRIBE_TIMEOUT_MS = 60_000;

export type TranscriptionAvailability = { available: true; model: string } | { available: false; reason: string };

/** `OPENAI_TRANSCRIPTION_MODEL`: the model id, or `off`; unset, the default. */
function transcriptionModelId(env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env.OPENAI_TRANSCRIPTION_MODEL?.trim();
  if (!value) return DEFAULT_TRANSCRIPTION_MODEL;
  return ['off', '0', 'false'].includes(value.toLowerCase()) ? undefined : value;
}

async function transcriptionModelFor(ownerId: string): Promise<{ model: TranscriptionModel; modelId: string } | { reason: string }> {
  const modelId = transcriptionModelId();
  if (!modelId) return { reason: 'Dictation is turned off on this server (OPENAI_TRANSCRIPTION_MODEL=off).' };
  const env = await providerEnvFor(ownerId);
  if (!env.openaiApiKey) return { reason: 'Dictation needs an OpenAI key (OPENAI_API_KEY, or one added under Settings → Provider keys).' };
  const openai = createOpenAI({ apiKey: env.openaiApiKey, baseURL: env.openaiBaseUrl, fetch: keyRedactingFetch(env.openaiApiKey) });
  return { model: openai.transcription(modelId), modelId };
}

/** `GET /api/transcribe`: whether the microphone can work for this viewer, and if not, why. */
export async function transcriptionAvailability(request: Request): Promise<TranscriptionAvailability> {
  const found = await transcriptionModelFor(await currentOwnerId(request));
  return 'reason' in found ? { available: false, reason: found.reason } : { available: true, model: found.modelId };
}

/** `POST /api/transcribe`: the recording, checked (size, type by its bytes), transcribed; answers its text. */
export async function transcribeDictation(request: Request, body: TranscribeRequest): Promise<{ text: string }> {
  const ownerId = await currentOwnerId(request);
  const found = await transcriptionModelFor(ownerId);
  if ('reason' in found) throw new ApiError('transcription_unavailable', found.reason);
  const audio = checkAudio(body);
  if (!audio.ok) throw new ApiError(audio.code, audio.message);
  try {
    const result = await transcribe({
      model: found.model,
      audio: audio.bytes,
      maxRetries: 1,
      abortSignal: AbortSignal.any([request.signal, AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS)]),
    });
    return { text: result.text.trim() };
  } catch (error) {
    if (request.signal.aborted) throw error;
    const message = describeError(error);
    logger.warn({ model: found.modelId, err: message }, 'transcription failed');
    throw new ApiError('transcription_failed', `The recording could not be transcribed. ${message}`);
  }
}
