import { SessionSkeleton } from '@/components/shell/session-skeleton';

/** Shown at once while a session page loads on the server. */
export default function Loading() {
  return <SessionSkeleton />;
}
