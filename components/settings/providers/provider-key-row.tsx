'use client';

import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { ProviderKeyForm } from '@/components/settings/providers/provider-key-form';
import { RemoveProviderKeyDialog } from '@/components/settings/providers/remove-provider-key-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ProviderKeyScope, ProviderKeyView } from '@/lib/api/provider-keys';

/** Which key this viewer's runs use, in words. OpenAI and Anthropic need one; an OpenAI-compatible server may not. */
function sourceText({ activeSource: source, envVar, provider }: ProviderKeyView): string {
  switch (source) {
    case 'own':
      return 'Your runs use your own key.';
    case 'server':
      return 'Your runs use the server-wide key.';
    case 'env':
      return `Your runs use ${envVar} from the server’s environment.`;
    case null:
      if (provider === 'compat') return 'No key: requests are sent without one.';
      return `No key: ${provider === 'openai' ? 'OpenAI' : 'Anthropic'} models are not offered.`;
  }
}

/** One provider: its masked key (or none), which key is in use, and add, replace and remove. */
export function ProviderKeyRow({ scope, provider, onChanged }: { scope: ProviderKeyScope; provider: ProviderKeyView; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { key } = provider;

  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="provider-key-row" data-provider={provider.provider}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{provider.label}</span>
            {key?.unreadable && <Badge tone="danger">Cannot be decrypted: replace it</Badge>}
            {!provider.usable && <Badge tone="warning">Needs OPENAI_COMPATIBLE_BASE_URL on the server</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">
            {key ? (
              <span className="font-mono text-foreground" data-testid="provider-key-masked">
                {key.masked}
              </span>
            ) : (
              <span data-testid="provider-key-none">No key set here</span>
            )}
            {key && <> · saved {new Date(key.updatedAt).toLocaleDateString()}</>}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="provider-key-source">
            {sourceText(provider)}
          </p>
        </div>
        {!editing && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="provider-key-edit">
              <KeyRoundIcon />
              {key ? 'Replace' : 'Add key'}
            </Button>
            {key && (
              <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setRemoving(true)} data-testid="provider-key-remove">
                <Trash2Icon />
                Remove
              </Button>
            )}
          </div>
        )}
      </div>
      {editing && (
        <ProviderKeyForm
          scope={scope}
          provider={provider}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            toast.success(`Saved the ${saved.label} key (${saved.key?.masked ?? ''})`);
            onChanged();
          }}
        />
      )}
      <RemoveProviderKeyDialog scope={scope} provider={provider} open={removing} onOpenChange={setRemoving} onRemoved={onChanged} />
    </li>
  );
}
