'use client';

import type { Draft } from '@/components/chat/hooks/use-draft';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { SessionRun } from '@/components/chat/hooks/use-session-run';
import { CONTINUE_MESSAGE } from '@/components/agent/run-end-banner';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import type { ImageFilePart } from '@/lib/api/image-parts';
import { parseSlashCommand } from '@/lib/client/slash-commands';

/**
 * What the composer and the transcript's buttons do with a message: send it
 * (or run a slash command), queue it while a run is active, send the held
 * queue now, retry a failed turn or regenerate an answer (a new version, the
 * old one kept), edit a sent message (a new version of it), reattach to a run
 * that is still going.
 */
export function useMessageActions(input: {
  run: SessionRun;
  draft: Draft;
  queue: MessageQueue;
  modelKey: string;
  /** `/compact [focus]`: answers undefined when it failed (the text goes back to the composer). */
  compact: (focus?: string) => Promise<unknown>;
  scrollToBottom: () => void;
}) {
  const { run, draft, queue, modelKey } = input;
  const { chat } = run;
  const sessionId = chat.id;
  const { patch } = useSessionActions();

  /**
   * `resources`: attached with `@`; the message carries them as parts, and the server reads their content.
   * `images`: pasted, dropped or picked; they go as file parts (data URLs), stored with the message.
   */
  function send(text: string, resources: readonly McpResourceAttachment[] = [], images: readonly ImageFilePart[] = []) {
    // A message may be images alone (no text part then: some providers refuse an empty one).
    if ((!text.trim() && !images.length) || chat.statusRef.current === 'submitted' || chat.statusRef.current === 'streaming') return;
    const command = parseSlashCommand(text);
    if (command) {
      // Handled here, never sent to the model: compaction changes only what the model sees next.
      draft.setDraft('');
      void input.compact(command.focus).then((result) => {
        if (!result) draft.setDraft(text);
      });
      return;
    }
    draft.markSent(text);
    patch(sessionId, { running: true, updatedAt: Date.now() });
    const message =
      resources.length || images.length
        ? { parts: [...(text.trim() ? [{ type: 'text' as const, text }] : []), ...images, ...resources.map((data) => ({ type: 'data-mcp-resource' as const, data }))] }
        : { text };
    void chat.sendMessage(message, { body: { modelKey } });
    requestAnimationFrame(input.scrollToBottom);
  }

  /** While a run is active, a message (and its images, kept on the server) waits in the queue and is sent when the run ends. */
  async function queueText(text: string, images: readonly ImageFilePart[] = []) {
    if (!text.trim() && !images.length) return;
    draft.markSent(text);
    const result = await queue.add(text, modelKey, images);
    if (!result.ok) draft.restore(text);
    // The run had ended meanwhile: the server sent it at once.
    else if (result.dispatchedId) run.followQueue([result.dispatchedId]);
  }

  async function sendQueuedNow() {
    const sentId = await queue.sendNow();
    if (!sentId) return;
    patch(sessionId, { running: true });
    run.followQueue([sentId]);
  }

  function retry() {
    const { messages } = chat;
    // A run the server could not finish is carried on, not sent again: what it did stays.
    if (messages.at(-1)?.metadata?.runEnd?.reason === 'server-restart') {
      chat.clearError();
      send(CONTINUE_MESSAGE);
      return;
    }
    if (!messages.some((message) => message.role === 'user')) return;
    // A new answer to the last user message: the failed one stays as a version, the user's message is not sent again.
    regenerate();
  }

  /** A new answer to the last user message, kept beside the current one. */
  function regenerate() {
    if (chat.statusRef.current === 'submitted' || chat.statusRef.current === 'streaming') return;
    chat.clearError();
    patch(sessionId, { running: true, updatedAt: Date.now() });
    void chat.regenerate({ body: { modelKey } });
    requestAnimationFrame(input.scrollToBottom);
  }

  /** Sends `text` as a new version of the user message `messageId`: it follows the same parent, and the branch after it starts anew. */
  function edit(messageId: string, text: string) {
    if (!text.trim() || chat.statusRef.current === 'submitted' || chat.statusRef.current === 'streaming') return;
    const index = chat.messages.findIndex((message) => message.id === messageId);
    if (index === -1) return;
    // The first loaded message follows one the tab has not loaded.
    const parentId = index > 0 ? chat.messages[index - 1].id : run.history.history.earlierId;
    // The new version keeps the images the edited one carried (the server checks them again).
    const images = chat.messages[index].parts.filter((part) => part.type === 'file');
    chat.setMessages(chat.messages.slice(0, index));
    patch(sessionId, { running: true, updatedAt: Date.now() });
    void chat.sendMessage(images.length ? { parts: [{ type: 'text', text }, ...images] } : { text }, { body: { modelKey, parentId } });
    requestAnimationFrame(input.scrollToBottom);
  }

  /** The server refused the message because a run is active: show that run instead. */
  function reattach() {
    chat.clearError();
    void chat.resumeStream();
  }

  return { send, queueText, sendQueuedNow, retry, regenerate, edit, reattach };
}

export type MessageActions = ReturnType<typeof useMessageActions>;
