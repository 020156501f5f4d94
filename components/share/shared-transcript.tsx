'use client';

import { Transcript } from '@/components/chat/transcript';
import { CompactionDivider } from '@/components/context/compaction-divider';
import { PricingProvider } from '@/components/models/pricing-context';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { CompactionEntry } from '@/lib/api-types';
import { messagePreview } from '@/lib/context/turns';
import { modelLimits } from '@/lib/models/catalog';

/** A shared session may name models this server no longer offers: its replies are priced from the catalog. */
const catalogPricing = (modelKey: string) => modelLimits(modelKey).pricing;

/**
 * A shared session's conversation, read-only: the app's own transcript with
 * no session around it, so nothing can be answered, pinned, retried or undone.
 */
export function SharedTranscript({
  messages,
  compactions,
  earlierHref,
  laterHref,
}: {
  messages: AgentUIMessage[];
  compactions: CompactionEntry[];
  /** Plain links (the page reads without JavaScript) to the pages before and after this one, in a long session. */
  earlierHref?: string;
  laterHref?: string;
}) {
  const describe = (messageId: string) => {
    const message = messages.find((m) => m.id === messageId);
    return message ? `${message.role}: ${messagePreview(message)}` : 'a message no longer in this transcript';
  };
  return (
    <PricingProvider value={catalogPricing}>
      <Transcript
        messages={messages}
        status="ready"
        afterMessage={(message) =>
          compactions
            .filter((entry) => entry.record.afterMessageId === message.id)
            .map((entry) => <CompactionDivider key={entry.id} entry={entry} describe={describe} />)
        }
        empty={<p className="text-sm text-muted-foreground">This session has no messages.</p>}
        before={earlierHref && <PageLink href={earlierHref} testId="share-earlier" label="Earlier messages" />}
        after={laterHref && <PageLink href={laterHref} testId="share-later" label="Later messages" />}
      />
    </PricingProvider>
  );
}

function PageLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  return (
    <a href={href} className="self-center rounded-md px-3 py-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline" data-testid={testId}>
      {label}
    </a>
  );
}
