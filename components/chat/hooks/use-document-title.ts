'use client';

import { useEffect } from 'react';
import { visibleText } from '@/lib/text/visible-text';

/** The tab follows renames and the automatic title without a reload (same template as app/layout.tsx). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    // A bidi override in a title would reverse the tab's text: shown as ⟨U+202E⟩ instead.
    document.title = `${visibleText(title)} · Agent Playground`;
  }, [title]);
}
