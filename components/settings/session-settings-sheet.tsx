'use client';

import { useEffect, useState } from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { SettingFieldRow, type DraftValue } from '@/components/settings/setting-field';
import { SessionMcpSwitches } from '@/components/mcp/session-mcp-switches';
import { fetchSession, updateSession } from '@/lib/client/api';
import { fetchSessionMcpSwitches, saveSessionMcpSwitches } from '@/lib/client/mcp-api';
import type { SessionMcpSwitches as McpSwitches } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { LOOP_SETTING_FIELDS, type LoopSettingsOverrides, type SettingField } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';

type Draft = Record<string, DraftValue>;

/** A stored override as the field edits it; anything else shows the default (an empty input, the default switch state). */
function draftValue(field: SettingField, stored: unknown): DraftValue {
  switch (field.kind) {
    case 'number':
      return typeof stored === 'number' ? String(stored) : '';
    case 'switch':
      return typeof stored === 'boolean' ? stored : field.default;
    case 'model':
      return typeof stored === 'string' ? stored : '';
  }
}

function toDraft(settings: Record<string, unknown>): Draft {
  return Object.fromEntries(LOOP_SETTING_FIELDS.map((field) => [field.key, draftValue(field, settings[field.key])]));
}

/** The override a field holds, or undefined for "use the default" (an empty input, the default switch state, no model picked). */
function overrideValue(field: SettingField, value: DraftValue): number | boolean | string | undefined {
  switch (field.kind) {
    case 'number':
      return value === '' ? undefined : Number(value);
    case 'switch':
      return value === field.default ? undefined : value;
    case 'model':
      return value === '' ? undefined : value;
  }
}

/** Only the values the user set. Out-of-range numbers are sent as typed: the server refuses them with the key named. */
function toOverrides(draft: Draft): LoopSettingsOverrides {
  const overrides: Record<string, number | boolean | string> = {};
  for (const field of LOOP_SETTING_FIELDS) {
    const value = overrideValue(field, draft[field.key]);
    if (value !== undefined) overrides[field.key] = value;
  }
  return overrides as LoopSettingsOverrides;
}

/**
 * The session's loop settings: every limit of the agent loop, with its
 * default as placeholder. Saved per session; applies from the next run.
 */
export function SessionSettingsSheet({
  sessionId,
  models,
  open,
  onOpenChange,
}: {
  sessionId: string;
  models: ModelInfo[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>();
  const [mcp, setMcp] = useState<{ loaded: McpSwitches; overrides: McpSwitches['overrides'] }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetchSession(sessionId).then(
      (session) => {
        if (cancelled) return;
        setDraft(toDraft(session.settings));
      },
      (error) => toast.error(`Could not load the settings: ${readError(error).message}`),
    );
    fetchSessionMcpSwitches(sessionId).then(
      (loaded) => !cancelled && setMcp({ loaded, overrides: loaded.overrides }),
      (error) => toast.error(`Could not load the MCP switches: ${readError(error).message}`),
    );
    return () => {
      cancelled = true;
    };
  }, [open, sessionId]);

  async function save() {
    if (!draft) return;
    setSaving(true);
    try {
      await updateSession(sessionId, { settings: toOverrides(draft) });
      if (mcp && mcp.overrides !== mcp.loaded.overrides) await saveSessionMcpSwitches(sessionId, mcp.overrides);
      toast.success('Settings saved. They apply from the next run.');
      onOpenChange(false);
    } catch (error) {
      toast.error(readError(error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" data-testid="settings-panel" aria-describedby="settings-description">
        <PanelSheetHeader icon={SlidersHorizontalIcon} title="Session settings" descriptionId="settings-description">
          MCP servers and tools, limits of the agent loop and the context thresholds for this session. Empty fields use the default shown.
        </PanelSheetHeader>
        <div className="min-h-0 flex-1 divide-y overflow-y-auto px-4">
          {mcp && <SessionMcpSwitches value={{ ...mcp.loaded, overrides: mcp.overrides }} onChange={(overrides) => setMcp((current) => current && { ...current, overrides })} />}
          {draft &&
            LOOP_SETTING_FIELDS.map((field) => (
              <SettingFieldRow
                key={field.key}
                field={field}
                value={draft[field.key]}
                models={models}
                onChange={(value) => setDraft((current) => current && { ...current, [field.key]: value })}
              />
            ))}
        </div>
        <div className="flex justify-between gap-2 border-t px-4 py-3">
          <Button variant="ghost" size="sm" data-testid="settings-reset" disabled={!draft} onClick={() => {
              setDraft(toDraft({}));
              setMcp((current) => current && { ...current, overrides: {} });
            }}>
            Reset to defaults
          </Button>
          <Button size="sm" data-testid="settings-save" disabled={!draft || saving} onClick={() => void save()}>
            Save
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
