'use client';

import { useId, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Switch } from '@/components/ui/switch';
import type { McpServerView } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { updateMcpServer } from '@/lib/client/mcp-api';

/**
 * "Allow sampling": whether this server may ask our model for completions (MCP sampling).
 * Off by default; even when on, each request waits for the user's Allow in the transcript
 * and its tokens count in the run's usage. Saved at once, read at each request.
 */
export function McpSamplingToggle({ server, onChanged }: { server: McpServerView; onChanged: (server: McpServerView) => void }) {
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function toggle(allowSampling: boolean) {
    setSaving(true);
    try {
      onChanged(await updateMcpServer(server.id, { allowSampling }));
    } catch (error) {
      toast.error('Could not change sampling', { description: readError(error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-start gap-3 text-xs" data-testid="mcp-sampling">
      <Switch id={id} checked={server.allowSampling} disabled={saving} onCheckedChange={(checked) => void toggle(checked)} data-testid="mcp-sampling-toggle" />
      <label htmlFor={id} className="min-w-0">
        <span className="font-medium">Allow sampling</span>
        <span className="block text-muted-foreground">The server may ask your model for completions; you approve each one, and it counts in the run&apos;s usage.</span>
      </label>
    </div>
  );
}
