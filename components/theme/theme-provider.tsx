'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';

/** Light, dark or the system's choice, stored in localStorage and applied as a class before paint (an inline script carrying the page's CSP nonce). */
export function ThemeProvider({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
