'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { FlaskConicalIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import { createSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/** Creates a session on the offline demo model and opens it: the first run works with no configuration. */
export function TryDemoButton({ demoModelKey }: { demoModelKey: string }) {
  const router = useRouter();
  const { upsert } = useSessionActions();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const session = await createSession({ modelKey: demoModelKey });
      upsert(session);
      router.push(`/s/${session.id}`);
    } catch (error) {
      toast.error('Could not start the demo', { description: readError(error).message });
      setBusy(false);
    }
  }

  return (
    <Button size="lg" onClick={() => void start()} disabled={busy} data-testid="try-demo" className="gap-2">
      {busy ? <Spinner /> : <FlaskConicalIcon />}
      Try the demo model
    </Button>
  );
}
