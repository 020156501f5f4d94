'use client';

import { toast } from '@/lib/client/toast';
import { EnabledSwitch } from '@/components/mcp/enabled-switch';
import { updateInstanceSettings, type InstanceSettingsView } from '@/lib/client/account-api';
import { useInstanceSettings } from '@/lib/client/admin-data';
import { readError } from '@/lib/client/api-error';
import { AdminSection } from './admin-section';

const ROWS: Array<{ key: keyof InstanceSettingsView; label: string; help: string }> = [
  { key: 'signupOpen', label: 'Anyone can sign up', help: 'Off: new accounts need an invite link from an administrator.' },
  { key: 'allowUserKeys', label: 'Users may bring their own API keys', help: 'Their runs then spend their key instead of the server’s.' },
];

/** Server-wide switches; each applies at once (optimistic, rolled back on failure). */
export function InstanceSettingsPanel() {
  const { data, mutate } = useInstanceSettings();
  async function change(key: keyof InstanceSettingsView, value: boolean) {
    if (!data) return;
    try {
      await mutate(updateInstanceSettings({ [key]: value }), { optimisticData: { ...data, [key]: value }, rollbackOnError: true, revalidate: false });
    } catch (error) {
      toast.error('Not saved', { description: readError(error).message });
    }
  }
  return (
    <AdminSection title="Sign-up and keys" testId="admin-settings">
      <div className="divide-y rounded-lg border">
        {ROWS.map((row) => (
          <div key={row.key} className="flex items-center gap-4 px-4 py-3">
            <div className="min-w-0 flex-1">
              <div className="text-sm font-medium">{row.label}</div>
              <div className="text-xs text-muted-foreground">{row.help}</div>
            </div>
            <EnabledSwitch label={row.label} testId={`admin-setting-${row.key}`} checked={data?.[row.key] ?? false} disabled={!data} onChange={(value) => void change(row.key, value)} />
          </div>
        ))}
      </div>
    </AdminSection>
  );
}
