/** Scrolls the transcript to a message and flashes it, for links from compaction dividers. */
export function scrollToMessage(messageId: string): boolean {
  const element = document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
  if (!element) return false;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.dataset.highlight = 'true';
  setTimeout(() => delete element.dataset.highlight, 1600);
  return true;
}
