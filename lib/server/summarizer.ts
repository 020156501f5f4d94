import 'server-only';
import { generateText } from 'ai';
import { usageFromSdk } from '@/lib/agent/usage';
import type { Summarizer } from '@/lib/context/compaction/summarize-middle';
import { modelLimits, usageCost } from '@/lib/models/catalog';
import type { ResolvedModel } from '@/lib/models/types';
import { resolveModelFor } from './models';

/** Retries of the summary call; it runs inside a user's run, so keep the wait short. */
const SUMMARIZER_MAX_RETRIES = 2;

/**
 * The LLM call behind compaction tier 2: the transcript of the span as one
 * user message, then the request (with the user's focus) as a second one.
 */
function createSummarizer(model: ResolvedModel): Summarizer {
  return async ({ instructions, transcript, prompt, signal }) => {
    const result = await generateText({
      model: model.model,
      instructions,
      messages: [
        { role: 'user', content: `<transcript>\n${transcript}\n</transcript>` },
        { role: 'user', content: prompt },
      ],
      providerOptions: model.providerOptions,
      maxRetries: SUMMARIZER_MAX_RETRIES,
      abortSignal: signal,
    });
    const { usage } = usageFromSdk(result.usage);
    return { text: result.text, model: model.info.key, cost: usageCost(usage, modelLimits(model.info.key).pricing) };
  };
}

/** The summarizer model chosen in the session settings (with the owner's keys), or the session's own model (also when the choice no longer resolves). */
export async function summarizerFor(sessionModel: ResolvedModel, summarizerModelKey: string | undefined, ownerId: string): Promise<Summarizer> {
  if (!summarizerModelKey || summarizerModelKey === sessionModel.info.key) return createSummarizer(sessionModel);
  const chosen = await resolveModelFor(ownerId, summarizerModelKey).catch(() => undefined);
  return createSummarizer(chosen ?? sessionModel);
}
