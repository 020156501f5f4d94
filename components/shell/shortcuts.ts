/**
 * The app's keyboard shortcuts: one table, read by the handler (components/shell/keyboard-shortcuts.tsx) and by the
 * sheet that lists them (`?`). Single-character keys (`?`, `/`) only act when focus is not in a field, as on GitHub,
 * so they never eat a character someone types; the others carry a modifier. Keys are matched on `event.code` where
 * Alt is involved, because Option+letter on a Mac types a different character.
 */

export type ShortcutId =
  | 'shortcuts'
  | 'focus-composer'
  | 'new-session'
  | 'toggle-sidebar'
  | 'find'
  | 'inspector'
  | 'workspace'
  | 'settings'
  | 'stop'
  | 'send'
  | 'newline'
  | 'edit-last'
  | 'commands';

export interface Shortcut {
  id: ShortcutId;
  /** Key caps, e.g. ['Mod', 'Shift', 'O']; 'Mod' is ⌘ on a Mac and Ctrl elsewhere. */
  keys: readonly string[];
  label: string;
  group: 'General' | 'Session' | 'Composer';
  /** The global handler acts on it; without one it is handled where it applies (the composer, the find bar) and only listed. */
  matches?: (event: ShortcutEvent) => boolean;
  /** Acts even while typing in a field (it has a modifier). */
  whileTyping?: boolean;
}

/** The parts of a KeyboardEvent the table reads (so tests can pass plain objects). */
type ShortcutEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const mod = (event: ShortcutEvent) => event.ctrlKey || event.metaKey;
const plain = (event: ShortcutEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'shortcuts', keys: ['?'], label: 'Show keyboard shortcuts', group: 'General', matches: (e) => plain(e) && e.key === '?' },
  { id: 'focus-composer', keys: ['/'], label: 'Focus the message box', group: 'General', matches: (e) => plain(e) && !e.shiftKey && e.key === '/' },
  {
    id: 'new-session',
    keys: ['Mod', 'Shift', 'O'],
    label: 'New session',
    group: 'General',
    matches: (e) => mod(e) && e.shiftKey && !e.altKey && e.code === 'KeyO',
    whileTyping: true,
  },
  {
    id: 'toggle-sidebar',
    keys: ['Mod', 'B'],
    label: 'Show or hide the sidebar',
    group: 'General',
    matches: (e) => mod(e) && !e.shiftKey && !e.altKey && e.code === 'KeyB',
    whileTyping: true,
  },
  { id: 'find', keys: ['Mod', 'F'], label: 'Find in the conversation', group: 'Session' },
  { id: 'inspector', keys: ['Alt', 'I'], label: 'Open or close the inspector', group: 'Session', matches: (e) => e.altKey && !mod(e) && !e.shiftKey && e.code === 'KeyI', whileTyping: true },
  { id: 'workspace', keys: ['Alt', 'W'], label: "Open or close the workspace files", group: 'Session', matches: (e) => e.altKey && !mod(e) && !e.shiftKey && e.code === 'KeyW', whileTyping: true },
  { id: 'settings', keys: ['Alt', 'S'], label: 'Open the session settings', group: 'Session', matches: (e) => e.altKey && !mod(e) && !e.shiftKey && e.code === 'KeyS', whileTyping: true },
  { id: 'send', keys: ['Enter'], label: 'Send the message', group: 'Composer' },
  { id: 'newline', keys: ['Shift', 'Enter'], label: 'New line', group: 'Composer' },
  { id: 'stop', keys: ['Esc'], label: 'Stop the agent while it runs', group: 'Composer' },
  { id: 'edit-last', keys: ['↑'], label: 'Edit your last message (in an empty message box)', group: 'Composer' },
  { id: 'commands', keys: ['/'], label: 'Commands (at the start of a message)', group: 'Composer' },
];

/** Focus is somewhere typing goes: a text field, a select, or editable content. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(type);
}

/** The shortcut a key press means here, if any. */
export function shortcutFor(event: ShortcutEvent, target: EventTarget | null): Shortcut | undefined {
  const typing = isTypingTarget(target);
  return SHORTCUTS.find((shortcut) => shortcut.matches?.(event) && (shortcut.whileTyping || !typing));
}

/** How a key cap reads on this platform: ⌘/⌥ on a Mac, Ctrl/Alt elsewhere. */
export function keyLabel(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  if (key === 'Alt') return mac ? '⌥' : 'Alt';
  if (key === 'Shift') return mac ? '⇧' : 'Shift';
  return key;
}

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
