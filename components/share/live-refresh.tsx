'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

/** A live share reads the session again every two seconds while the page is visible: new turns and a run's saved steps appear. */
export function LiveRefresh({ intervalMs = 2_000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}
