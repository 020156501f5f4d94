import { CopyButton } from '@/components/ui/copy-button';

/** A link shown once (an invite, a password reset), to copy and pass on. */
export function OneTimeLink({ url, label, note, testId }: { url: string; label: string; note: string; testId: string }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-3">
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-mono text-xs" data-testid={testId}>
          {url}
        </code>
        <CopyButton text={url} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <p className="mt-1.5 text-xs text-muted-foreground">{note}</p>
    </div>
  );
}
