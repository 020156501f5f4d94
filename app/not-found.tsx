import Link from 'next/link';
import { SearchXIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** An address outside the app's pages (the app's own 404, with the sidebar, is app/(app)/not-found.tsx). */
export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center" data-testid="not-found">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted">
        <SearchXIcon className="size-5 text-muted-foreground" aria-hidden />
      </div>
      <h1 className="text-lg font-semibold">This page does not exist</h1>
      <Button asChild>
        <Link href="/">Open Agent Playground</Link>
      </Button>
    </main>
  );
}
