'use client';

import { useEffect, useState } from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { SettingNumberField } from '@/components/settings/setting-number-field';
import { fetchSession, updateSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import { DEFAULT_LOOP_SETTINGS } from '@/lib/agent/settings';
import { LOOP_SETTING_FIELDS, type LoopSettingsOverrides } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';

type Draft = Record<string, string>;

function toDraft(settings: Record<string, unknown>): Draft {
  return Object.fromEntries(LOOP_SETTING_FIELDS.map((f) => [f.key, typeof settings[f.key] === 'number' ? String(settings[f.key]) : '']));
}

/** Only the values the user set; an empty field means "use the default". */
function toOverrides(draft: Draft, requireDoneTool: boolean, summarizerModel: string): LoopSettingsOverrides {
  const overrides: Record<string, number | boolean | string> = {};
  for (const field of LOOP_SETTING_FIELDS) if (draft[field.key] !== '') overrides[field.key] = Number(draft[field.key]);
  if (requireDoneTool) overrides.requireDoneTool = true;
  if (summarizerModel) overrides.summarizerModel = summarizerModel;
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
  const [requireDoneTool, setRequireDoneTool] = useState(false);
  const [summarizerModel, setSummarizerModel] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetchSession(sessionId).then(
      (session) => {
        if (cancelled) return;
        setDraft(toDraft(session.settings));
        setRequireDoneTool(session.settings.requireDoneTool === true);
        setSummarizerModel(typeof session.settings.summarizerModel === 'string' ? session.settings.summarizerModel : '');
      },
      (error) => toast.error(`Could not load the settings: ${readError(error).message}`),
    );
    return () => {
      cancelled = true;
    };
  }, [open, sessionId]);

  async function save() {
    if (!draft) return;
    setSaving(true);
    try {
      await updateSession(sessionId, { settings: toOverrides(draft, requireDoneTool, summarizerModel) });
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
          Limits of the agent loop and the context thresholds for this session. Empty fields use the default shown.
        </PanelSheetHeader>
        <div className="min-h-0 flex-1 divide-y overflow-y-auto px-4">
          {draft &&
            LOOP_SETTING_FIELDS.map((field) => (
              <SettingNumberField
                key={field.key}
                field={field}
                value={draft[field.key]}
                defaultValue={DEFAULT_LOOP_SETTINGS[field.key]}
                onChange={(value) => setDraft({ ...draft, [field.key]: value })}
              />
            ))}
          {draft && (
            <label className="grid grid-cols-[1fr_12rem] items-center gap-x-3 gap-y-0.5 py-2 text-sm">
              <span className="font-medium">Summarizer model</span>
              <select
                className="row-span-2 h-8 w-full rounded-md border bg-background px-2 text-sm"
                data-testid="setting-summarizerModel"
                value={summarizerModel}
                onChange={(event) => setSummarizerModel(event.target.value)}
              >
                <option value="">Same as the session</option>
                {models.map((model) => (
                  <option key={model.key} value={model.key}>
                    {model.label}
                  </option>
                ))}
              </select>
              <span className="text-xs text-muted-foreground">Writes the summary when the context is compacted; a cheaper model saves cost.</span>
            </label>
          )}
          {draft && (
            <label className="flex items-start gap-3 py-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                data-testid="setting-requireDoneTool"
                checked={requireDoneTool}
                onChange={(event) => setRequireDoneTool(event.target.checked)}
              />
              <span>
                <span className="font-medium">Require the done tool</span>
                <span className="block text-xs text-muted-foreground">Only a task_complete call ends a run; a plain answer gets a nudge to continue.</span>
              </span>
            </label>
          )}
        </div>
        <div className="flex justify-between gap-2 border-t px-4 py-3">
          <Button variant="ghost" size="sm" data-testid="settings-reset" disabled={!draft} onClick={() => {
              setDraft(toDraft({}));
              setRequireDoneTool(false);
              setSummarizerModel('');
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
