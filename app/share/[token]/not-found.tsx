import { LinkIcon } from 'lucide-react';

export default function ShareNotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center" data-testid="share-not-found">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted">
        <LinkIcon className="size-5 text-muted-foreground" aria-hidden />
      </div>
      <h1 className="text-lg font-semibold">This link does not work</h1>
      <p className="max-w-sm text-sm text-muted-foreground">It may have expired or been revoked by the person who shared it.</p>
    </main>
  );
}
