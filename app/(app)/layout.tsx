import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ViewerProvider } from '@/components/account/viewer-context';
import { AppShell } from '@/components/shell/app-shell';
import { SessionsProvider } from '@/components/sessions/sessions-provider';
import type { SessionSummary } from '@/lib/api-types';
import { logger } from '@/lib/log.mjs';
import { findViewer } from '@/lib/server/owner';
import { listSessionSummaries } from '@/lib/server/sessions';

export const dynamic = 'force-dynamic';

async function loadSessions(requestHeaders: Headers): Promise<SessionSummary[]> {
  try {
    return await listSessionSummaries(requestHeaders);
  } catch (error) {
    // The pages show their own error; the sidebar just starts empty.
    logger.error({ err: error }, 'loading sessions for the sidebar failed');
    return [];
  }
}

/** The owner's app: the session sidebar around every page. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const requestHeaders = await headers();
  // With accounts on, the app is for signed-in people only.
  const viewer = await findViewer(requestHeaders);
  if (!viewer) redirect('/sign-in');
  const sessions = await loadSessions(requestHeaders);
  return (
    <ViewerProvider viewer={viewer.local ? null : { id: viewer.id, name: viewer.name, email: viewer.email, role: viewer.role }}>
      <SessionsProvider initialSessions={sessions}>
        <AppShell>{children}</AppShell>
      </SessionsProvider>
    </ViewerProvider>
  );
}
