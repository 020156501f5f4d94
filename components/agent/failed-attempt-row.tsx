'use client';

import { useState } from 'react';
import { ChevronRightIcon, TriangleAlertIcon } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { StepErrorNotice } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

/** "attempt 1 failed: connection dropped after 212 tokens, retrying" */
export function failedAttemptLabel(notice: StepErrorNotice): string {
  const what = notice.summary ?? notice.message;
  const head = notice.attempt ? `attempt ${notice.attempt} failed` : 'model call failed';
  const next = notice.outcome === 'retrying' ? ', retrying' : notice.outcome === 'failed' ? ', gave up' : '';
  return `${head}: ${what}${next}`;
}

/**
 * One failed attempt of a model call, collapsed to a line. Whatever the attempt
 * had streamed before it failed was withdrawn from the answer; it is shown only
 * here, marked as such, when the row is expanded. The provider's raw error
 * text (e.g. a malformed frame) is not here either: it is in the inspector.
 */
export function FailedAttemptRow({ notice }: { notice: StepErrorNotice }) {
  const [open, setOpen] = useState(false);
  const withdrawn = Boolean(notice.discardedText || notice.discardedReasoning || notice.discardedToolCalls?.length);

  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className="min-w-0 text-xs text-muted-foreground"
      data-testid="failed-attempt"
      data-cause={notice.cause}
      data-outcome={notice.outcome}
    >
      <CollapsibleTrigger
        className="group flex max-w-full items-start gap-1.5 rounded-md py-0.5 text-left outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="failed-attempt-toggle"
        title={open ? 'Hide details' : 'Show details'}
      >
        <TriangleAlertIcon className="mt-px size-3.5 shrink-0 text-warning-text" aria-hidden />
        <span className="min-w-0 break-words" data-testid="failed-attempt-label">
          {failedAttemptLabel(notice)}
        </span>
        <ChevronRightIcon className={cn('mt-px size-3.5 shrink-0 transition-transform duration-150', open && 'rotate-90')} aria-hidden />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <div className="mt-1.5 ml-1.5 flex flex-col gap-2 border-l-2 border-dashed pl-3.5" data-testid="failed-attempt-details">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            <dt>Error</dt>
            <dd className="min-w-0 break-words text-foreground/80">{notice.message}</dd>
            {notice.statusCode !== undefined && (
              <>
                <dt>Status</dt>
                <dd className="tabular-nums">{notice.statusCode}</dd>
              </>
            )}
            {notice.discardedTokens !== undefined && (
              <>
                <dt>Output lost</dt>
                <dd className="tabular-nums">
                  {notice.discardedTokens} {notice.discardedTokens === 1 ? 'token' : 'tokens'}
                </dd>
              </>
            )}
          </dl>
          {withdrawn ? (
            <div className="flex flex-col gap-1.5" data-testid="failed-attempt-withdrawn">
              <p className="font-medium">Output of the failed attempt (withdrawn: not part of the answer, not sent to the model)</p>
              {notice.discardedReasoning && (
                <pre className="max-h-40 overflow-auto rounded-md bg-muted/60 px-2.5 py-1.5 font-sans whitespace-pre-wrap italic opacity-80">
                  {notice.discardedReasoning}
                </pre>
              )}
              {notice.discardedText && (
                <pre
                  className="max-h-60 overflow-auto rounded-md bg-muted/60 px-2.5 py-1.5 font-sans whitespace-pre-wrap"
                  data-testid="failed-attempt-text"
                >
                  {notice.discardedText}
                </pre>
              )}
              {notice.discardedToolCalls?.length ? <p>Tool calls started, never run: {notice.discardedToolCalls.join(', ')}</p> : null}
            </div>
          ) : notice.attempt !== undefined ? (
            <p>Nothing had arrived from this attempt.</p>
          ) : null}
          <p className="opacity-75">The provider’s own error text is in the inspector (this step’s trace).</p>
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}
