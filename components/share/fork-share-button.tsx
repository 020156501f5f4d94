'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { GitForkIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import type { SessionSummary } from '@/lib/api-types';
import { request } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/** "Fork into my playground": copies the shared snapshot (never more) into a new session and opens it. */
export function ForkShareButton({ token }: { token: string }) {
  const router = useRouter();
  const [forking, setForking] = useState(false);
  async function fork() {
    setForking(true);
    try {
      const { session } = await request<{ session: SessionSummary }>(`/api/share/${encodeURIComponent(token)}/fork`, { method: 'POST' });
      router.push(`/s/${session.id}`);
    } catch (error) {
      toast.error('Could not fork this session', { description: readError(error).message });
      setForking(false);
    }
  }
  return (
    <Button onClick={() => void fork()} disabled={forking} data-testid="share-fork">
      <GitForkIcon />
      {forking ? 'Forking…' : 'Fork into my playground'}
    </Button>
  );
}
