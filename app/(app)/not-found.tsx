import Link from 'next/link';
import { SearchXIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/shell/page-header';

export default function NotFound() {
  return (
    <>
      <PageHeader />
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center" data-testid="not-found">
        <div className="flex size-11 items-center justify-center rounded-xl border bg-muted">
          <SearchXIcon className="size-5 text-muted-foreground" />
        </div>
        <div className="space-y-1">
          <h1 className="text-lg font-semibold">This page does not exist</h1>
          <p className="max-w-sm text-sm text-muted-foreground">
            The session may have been deleted, or the link is mistyped. Pick a session in the sidebar or start a new one.
          </p>
        </div>
        <Button asChild>
          <Link href="/">Start a new session</Link>
        </Button>
      </div>
    </>
  );
}
