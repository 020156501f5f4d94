import { AlertCircleIcon, RadioIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { rejectionTitle, type ReadableError } from '@/lib/client/api-error';

/**
 * A failed request, in words: what happened and what to do. `rejected` means
 * the server refused the message (a run is active, too long): the message went
 * back into the composer, so there is nothing to retry here.
 */
export function ChatError({
  error,
  rejected,
  onRetry,
  onReattach,
  onDismiss,
}: {
  error: ReadableError;
  rejected: boolean;
  onRetry?: () => void;
  onReattach?: () => void;
  onDismiss: () => void;
}) {
  const title = rejected ? rejectionTitle(error) : 'Something went wrong';
  return (
    <div
      role="alert"
      data-testid="chat-error"
      data-status={error.status}
      data-code={error.code}
      className="flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-3.5 py-3 text-sm"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-destructive">{title}</p>
        <p className="mt-0.5 break-words text-foreground/80" data-testid="chat-error-message">
          {error.message}
        </p>
        {rejected && <p className="mt-1 text-xs text-muted-foreground">Your message is back in the box below.</p>}
        <div className="mt-2.5 flex flex-wrap gap-2">
          {onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry} data-testid="retry-button">
              <RotateCcwIcon />
              Retry
            </Button>
          )}
          {onReattach && (
            <Button size="sm" variant="outline" onClick={onReattach} data-testid="reattach-button">
              <RadioIcon />
              Show the running reply
            </Button>
          )}
        </div>
      </div>
      <Button size="icon-xs" variant="ghost" aria-label="Dismiss" title="Dismiss" onClick={onDismiss} data-testid="dismiss-error">
        <XIcon />
      </Button>
    </div>
  );
}
