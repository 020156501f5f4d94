'use client';

import { useState } from 'react';
import { fieldClass } from '@/components/mcp/field-styles';
import { Button } from '@/components/ui/button';
import type { ProviderKeyScope, ProviderKeyView } from '@/lib/api/provider-keys';
import { readError } from '@/lib/client/api-error';
import { saveProviderKey } from '@/lib/client/provider-keys';

/** Types a new key for a provider. The field is a password field, cleared once the key is saved. */
export function ProviderKeyForm({
  scope,
  provider,
  onSaved,
  onCancel,
}: {
  scope: ProviderKeyScope;
  provider: Pick<ProviderKeyView, 'provider' | 'label'>;
  onSaved: (saved: ProviderKeyView) => void;
  onCancel: () => void;
}) {
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await saveProviderKey(scope, provider.provider, key.trim());
      setKey('');
      onSaved(saved);
    } catch (caught) {
      setError(readError(caught).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-2" data-testid="provider-key-form" noValidate>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {provider.label} key
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          className={`${fieldClass} font-mono text-[13px]`}
          placeholder="Paste the key"
          data-testid="provider-key-input"
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
      </label>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="provider-key-error">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} data-testid="provider-key-cancel">
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saving || !key.trim()} data-testid="provider-key-save">
          {saving ? 'Saving…' : 'Save key'}
        </Button>
      </div>
    </form>
  );
}
