'use client';

import { useEffect } from 'react';

/** The tab follows renames and the automatic title without a reload (same template as app/layout.tsx). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Agent Playground`;
  }, [title]);
}
