'use client';

import { KeyRoundIcon } from 'lucide-react';
import { ProviderKeyList } from '@/components/settings/providers/provider-key-list';

/**
 * The Provider keys page: the server-wide keys (admins) and the viewer's own
 * (when the admin allows them). Which key a run uses: your own, else the
 * server-wide one, else the server's environment variable.
 */
export function ProviderKeysSettings({ serverKeys, ownKeys }: { serverKeys: boolean; ownKeys: boolean }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="provider-keys-page">
      <div>
        <h1 className="text-lg font-semibold tracking-tight">Provider keys</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Keys are encrypted on the server and never shown again: you see only their last four characters. A run uses your own key, else the
          server-wide key, else the key in the server’s environment.
        </p>
      </div>
      {serverKeys && (
        <KeySection title="Server-wide keys" description="Used by everyone’s runs, in place of the environment variable.">
          <ProviderKeyList scope="server" />
        </KeySection>
      )}
      {ownKeys && (
        <KeySection title="Your keys" description="Used by your runs only, in place of the server-wide key.">
          <ProviderKeyList scope="own" />
        </KeySection>
      )}
      {!serverKeys && !ownKeys && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center" data-testid="provider-keys-unavailable">
          <KeyRoundIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">Keys are managed by your administrator</p>
          <p className="max-w-sm text-sm text-muted-foreground">Adding your own keys is turned off on this server. Ask an administrator to allow it.</p>
        </div>
      )}
    </section>
  );
}

function KeySection({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}
