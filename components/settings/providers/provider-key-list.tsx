'use client';

import { ProviderKeyRow } from '@/components/settings/providers/provider-key-row';
import { Spinner } from '@/components/ui/spinner';
import type { ProviderKeyScope } from '@/lib/api/provider-keys';
import { readError } from '@/lib/client/api-error';
import { useProviderKeys, useRevalidateProviderKeys } from '@/lib/client/provider-keys';

/** One scope's providers, each with its masked key and its actions. */
export function ProviderKeyList({ scope }: { scope: ProviderKeyScope }) {
  const { data, error } = useProviderKeys(scope);
  const revalidate = useRevalidateProviderKeys();

  if (error && !data) {
    return (
      <p className="rounded-lg border border-destructive/25 bg-destructive/5 px-3 py-2 text-sm text-destructive" role="alert">
        Could not load the keys: {readError(error).message}
      </p>
    );
  }
  if (!data) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading…
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid={`provider-key-list-${scope}`}>
      {data.map((provider) => (
        <ProviderKeyRow key={provider.provider} scope={scope} provider={provider} onChanged={() => void revalidate()} />
      ))}
    </ul>
  );
}
