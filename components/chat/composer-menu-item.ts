/** An option of a composer menu (components/chat/composer-menu.tsx draws them; the composer's input drives them). */
export interface ComposerMenuItem {
  key: string;
  primary: string;
  secondary?: string;
  /** Right-aligned, e.g. the server or the mime type. */
  meta?: string;
  /** Shown but not choosable (a resource template), with the reason as `secondary`. */
  disabled?: boolean;
}

/** The option's element id, which the input names as its `aria-activedescendant`. */
export function menuOptionId(menuId: string, index: number): string {
  return `${menuId}-option-${index}`;
}
