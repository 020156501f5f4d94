import type { Metadata, Viewport } from 'next';
import { AppShell } from '@/components/shell/app-shell';
import { SessionsProvider } from '@/components/sessions/sessions-provider';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { SessionSummary } from '@/lib/api-types';
import { logger } from '@/lib/log.mjs';
import { listSessionSummaries } from '@/lib/server/sessions';
import './globals.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'Agent Playground', template: '%s · Agent Playground' },
  description: 'Pick a model, give an agent a task, and watch its loop work live.',
  icons: { icon: '/favicon.svg' },
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#1c1c1c' },
  ],
};

async function loadSessions(): Promise<SessionSummary[]> {
  try {
    return await listSessionSummaries();
  } catch (error) {
    // The pages show their own error; the sidebar just starts empty.
    logger.error({ err: error }, 'loading sessions for the sidebar failed');
    return [];
  }
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const sessions = await loadSessions();
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="antialiased">
        <ThemeProvider>
          <TooltipProvider>
            <SessionsProvider initialSessions={sessions}>
              <AppShell>{children}</AppShell>
            </SessionsProvider>
            <Toaster />
          </TooltipProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}
