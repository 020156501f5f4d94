'use client';

import { useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { Composer } from '@/components/chat/composer';
import { AttachImageButton, ComposerImageTray, ImageDropZone } from '@/components/chat/composer-attachments';
import { ExamplePrompts } from '@/components/chat/example-prompts';
import { useDraft, useDraftText, usePersistedDraft } from '@/components/chat/hooks/use-draft';
import { useImageAttachments } from '@/components/chat/hooks/use-image-attachments';
import { ModelPicker } from '@/components/models/model-picker';
import { PageHeader } from '@/components/shell/page-header';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { createSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { NEW_SESSION_DRAFT, writeDraft } from '@/lib/client/draft-store';
import { storePendingMessage } from '@/lib/client/pending-message';
import { parseSlashInput } from '@/lib/client/slash-commands';
import type { ModelInfo } from '@/lib/models/types';

/**
 * The new-session page: pick a model, write the task, attach images as in a
 * session's composer (paste, drop, the attach button). Sending creates the
 * session, then the session page sends the message with its images (so it is
 * sent exactly once and streams where it will stay). Images the model cannot
 * take are refused here, before any session is created.
 */
export function NewChat({ models, defaultModelKey }: { models: ModelInfo[]; defaultModelKey: string }) {
  const router = useRouter();
  const { upsert } = useSessionActions();
  // Kept across reloads until sent, apart from each session's own draft.
  const draft = useDraft();
  usePersistedDraft(draft, NEW_SESSION_DRAFT);
  const text = useDraftText(draft);
  const [modelKey, setModelKey] = useState(defaultModelKey);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const model = models.find((m) => m.key === modelKey);
  const imageModel = useMemo(() => model && { label: model.label, images: model.capabilities.images }, [model]);
  const images = useImageAttachments(draft, imageModel);

  // "New session" in the sidebar while this page is already open: put the cursor in the box.
  useEffect(() => {
    const focus = () => draft.focus();
    window.addEventListener('agent-playground:new-session', focus);
    return () => window.removeEventListener('agent-playground:new-session', focus);
  }, [draft]);

  async function start() {
    const text = draft.get();
    if ((!text.trim() && images.images.length === 0) || creating) return;
    // Commands act on a session's conversation (and MCP prompts are listed there): none is sent to the model from here.
    const command = parseSlashInput(text);
    if (command) {
      setNotice(`/${command.name} is a command: commands and @ resources work in a session. Send a first message, then type / or @.`);
      return;
    }
    if (images.refusal) return; // the tray says why: the model was switched to one without images
    setCreating(true);
    try {
      const session = await createSession({ modelKey });
      storePendingMessage(session.id, text, images.take(text));
      writeDraft(NEW_SESSION_DRAFT, '');
      upsert({ ...session, running: true });
      router.push(`/s/${session.id}`);
    } catch (error) {
      toast.error('Could not start a session', { description: readError(error).message });
      setCreating(false);
    }
  }

  function pick(prompt: string) {
    setNotice(null);
    draft.fill(prompt);
  }

  return (
    <>
      <PageHeader>
        <h1 className="px-1.5 text-sm font-medium">New session</h1>
      </PageHeader>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-6 px-4 py-10 sm:px-6" data-testid="new-chat">
          <div className="space-y-1.5 text-center">
            <h2 className="text-2xl font-semibold tracking-tight">What should the agent do?</h2>
            <p className="text-sm text-muted-foreground">
              Describe a task. You will watch it reason, call tools and answer, step by step.
            </p>
          </div>
          <ImageDropZone attachments={images}>
            <Composer
              value={text}
              onChange={(value) => {
                setNotice(null);
                draft.setDraft(value);
              }}
              onSend={() => void start()}
              busy={false}
              sendDisabledReason={creating ? 'Starting the session…' : undefined}
              inputRef={draft.inputRef}
              autoFocus
              toolbar={<ModelPicker models={models} value={modelKey} onChange={setModelKey} />}
              hasAttachments={images.images.length > 0}
              attachments={<ComposerImageTray attachments={images} />}
              actions={<AttachImageButton attachments={images} disabledReason={imageModel && !imageModel.images ? `${imageModel.label} does not take images` : undefined} />}
            />
          </ImageDropZone>
          {notice && (
            <p role="status" className="-mt-3 text-center text-xs text-warning-text" data-testid="composer-notice">
              {notice}
            </p>
          )}
          {model?.demo && (
            <p className="-mt-3 text-center text-xs text-muted-foreground">
              The demo model is offline and scripted: good for a tour of the interface, not for real answers.
            </p>
          )}
          <ExamplePrompts onPick={pick} />
        </div>
      </div>
    </>
  );
}
