'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';

/** Opens the new-session page; when it is already open, it focuses its composer (it listens for the event). */
export function useStartNewSession(): () => void {
  const router = useRouter();
  return useCallback(() => {
    router.push('/');
    window.dispatchEvent(new Event('agent-playground:new-session'));
  }, [router]);
}
