'use client';

import { useEffect, useState } from 'react';
import { SlidersHorizontalIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { MODE_INFO } from '@/components/agent/permission-mode-toggle';
import { ModelFacts } from '@/components/models/model-facts';
import { ModelPicker } from '@/components/models/model-picker';
import { SettingFieldRow } from '@/components/settings/setting-field';
import { SystemPromptPresets } from '@/components/settings/system-prompt-presets';
import { SessionMcpSwitches } from '@/components/mcp/session-mcp-switches';
import { fetchSession, updateSession } from '@/lib/client/api';
import { fetchSessionMcpSwitches, saveSessionMcpSwitches } from '@/lib/client/mcp-api';
import { saveUserDefaults } from '@/lib/client/settings-api';
import type { SessionMcpSwitches as McpSwitches } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import type { SettingGroup } from '@/lib/agent/settings';
import { unsupportedReason } from '@/lib/models/call-options';
import { PERMISSION_MODES, type PermissionMode } from '@/lib/permissions/policy';
import { toDraft, toOverrides, type Draft, type DraftValue } from '@/lib/settings/draft';
import { LOOP_SETTING_FIELDS, type SettingField } from '@/lib/settings/loop-settings';
import type { ModelInfo } from '@/lib/models/types';

/** The chat's model and permission mode with their (optimistic) setters: components/chat/hooks/use-session-fields.ts. */
export interface SessionFields {
  modelKey: string;
  changeModel: (key: string) => Promise<void>;
  permissionMode: PermissionMode;
  changePermissionMode: (mode: PermissionMode) => Promise<void>;
}

interface SheetDraft {
  modelKey: string;
  permissionMode: PermissionMode;
  values: Draft;
}

const SECTIONS: { group: SettingGroup; title: string; testId: string }[] = [
  { group: 'model', title: 'Sampling and reasoning', testId: 'settings-section-model' },
  { group: 'tools', title: 'Tools', testId: 'settings-section-tools' },
  { group: 'loop', title: 'Agent loop', testId: 'settings-section-loop' },
  { group: 'context', title: 'Context', testId: 'settings-section-context' },
];

const SYSTEM_PROMPT = LOOP_SETTING_FIELDS.find((field) => field.key === 'systemPrompt')!;

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const id = `${testId}-title`;
  return (
    <section className="py-3" data-testid={testId} aria-labelledby={id}>
      <h3 id={id} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The session's settings: the model, the system prompt (with saved presets), sampling and reasoning effort
 * where the model takes them (disabled with the reason where it does not), the built-in tools and MCP
 * switches, the permission mode, the loop limits and the context thresholds. Saved per session; applies
 * from the next request. "Save as my defaults" makes them what new sessions start from.
 */
export function SessionSettingsSheet({
  sessionId,
  models,
  open,
  onOpenChange,
  fields,
}: {
  sessionId: string;
  models: ModelInfo[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chat's own model and permission mode (the header's): changed through them, so the header follows. */
  fields?: SessionFields;
}) {
  const [draft, setDraft] = useState<SheetDraft>();
  const [loaded, setLoaded] = useState<Pick<SheetDraft, 'modelKey' | 'permissionMode'>>();
  const [mcp, setMcp] = useState<{ loaded: McpSwitches; overrides: McpSwitches['overrides'] }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetchSession(sessionId, { limit: 1 }).then(
      (session) => {
        if (cancelled) return;
        const current = { modelKey: fields?.modelKey ?? session.modelKey, permissionMode: fields?.permissionMode ?? session.permissionMode };
        setLoaded(current);
        setDraft({ ...current, values: toDraft(LOOP_SETTING_FIELDS, session.settings) });
      },
      (error) => toast.error(`Could not load the settings: ${readError(error).message}`),
    );
    fetchSessionMcpSwitches(sessionId).then(
      (switches) => !cancelled && setMcp({ loaded: switches, overrides: switches.overrides }),
      (error) => toast.error(`Could not load the MCP switches: ${readError(error).message}`),
    );
    return () => {
      cancelled = true;
    };
    // The header's model and mode are read when the sheet opens, not followed while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, sessionId]);

  const model = draft && models.find((m) => m.key === draft.modelKey);
  const setValue = (key: string, value: DraftValue) => setDraft((current) => current && { ...current, values: { ...current.values, [key]: value } });
  const reasonFor = (field: SettingField) =>
    field.needs && draft ? unsupportedReason(model, field.needs, { reasoningEffort: draft.values.reasoningEffort as 'default' }) : undefined;

  async function save() {
    if (!draft || !loaded) return;
    setSaving(true);
    try {
      const modelChanged = draft.modelKey !== loaded.modelKey;
      const modeChanged = draft.permissionMode !== loaded.permissionMode;
      await updateSession(sessionId, {
        settings: toOverrides(LOOP_SETTING_FIELDS, draft.values),
        ...(modelChanged && !fields ? { modelKey: draft.modelKey } : {}),
        ...(modeChanged && !fields ? { permissionMode: draft.permissionMode } : {}),
      });
      if (mcp && mcp.overrides !== mcp.loaded.overrides) await saveSessionMcpSwitches(sessionId, mcp.overrides);
      if (fields && modelChanged) await fields.changeModel(draft.modelKey);
      if (fields && modeChanged) await fields.changePermissionMode(draft.permissionMode);
      toast.success('Settings saved. They apply from the next request.');
      onOpenChange(false);
    } catch (error) {
      toast.error(readError(error).message);
    } finally {
      setSaving(false);
    }
  }

  async function saveAsDefaults() {
    if (!draft) return;
    try {
      await saveUserDefaults({ modelKey: draft.modelKey, permissionMode: draft.permissionMode, settings: toOverrides(LOOP_SETTING_FIELDS, draft.values) });
      toast.success('Saved as your defaults: new sessions start from these settings.');
    } catch (error) {
      toast.error(readError(error).message);
    }
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" data-testid="settings-panel" aria-describedby="settings-description">
        <PanelSheetHeader icon={SlidersHorizontalIcon} title="Session settings" descriptionId="settings-description">
          The model, its prompt and sampling, tools, permissions and the agent loop for this session. They apply from the next request. Empty fields use the
          default shown.
        </PanelSheetHeader>
        <div className="min-h-0 flex-1 divide-y overflow-y-auto px-4">
          {draft && (
            <Section title="Model" testId="settings-section-model-pick">
              <div className="flex flex-col gap-2 pt-2">
                <ModelPicker
                  models={models}
                  value={draft.modelKey}
                  onChange={(modelKey) => setDraft((current) => current && { ...current, modelKey })}
                  className="w-full max-w-none"
                  testId="settings-model-picker"
                />
                {model && <ModelFacts model={model} />}
              </div>
            </Section>
          )}
          {draft && (
            <Section title="System prompt" testId="settings-section-prompt">
              <SettingFieldRow field={SYSTEM_PROMPT} value={draft.values.systemPrompt} models={models} onChange={(value) => setValue('systemPrompt', value)} />
              <SystemPromptPresets prompt={String(draft.values.systemPrompt)} onPick={(prompt) => setValue('systemPrompt', prompt)} />
            </Section>
          )}
          {draft &&
            SECTIONS.map((section) => (
              <Section key={section.group} title={section.title} testId={section.testId}>
                {LOOP_SETTING_FIELDS.filter((field) => field.group === section.group && field !== SYSTEM_PROMPT).map((field) => (
                  <SettingFieldRow
                    key={field.key}
                    field={field}
                    value={draft.values[field.key]}
                    models={models}
                    disabledReason={reasonFor(field)}
                    onChange={(value) => setValue(field.key, value)}
                  />
                ))}
                {section.group === 'tools' && mcp && (
                  <SessionMcpSwitches value={{ ...mcp.loaded, overrides: mcp.overrides }} onChange={(overrides) => setMcp((current) => current && { ...current, overrides })} />
                )}
              </Section>
            ))}
          {draft && (
            <Section title="Permissions" testId="settings-section-permissions">
              <label className="grid grid-cols-[1fr_minmax(0,12rem)] items-center gap-x-3 gap-y-0.5 py-2 text-sm">
                <span className="font-medium">Permission mode</span>
                <select
                  className="row-span-2 h-8 w-full min-w-0 rounded-md border bg-background px-2 text-sm"
                  data-testid="setting-permissionMode"
                  value={draft.permissionMode}
                  onChange={(event) => setDraft((current) => current && { ...current, permissionMode: event.target.value as PermissionMode })}
                >
                  {PERMISSION_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {MODE_INFO[mode].label}
                    </option>
                  ))}
                </select>
                <span className="text-xs text-muted-foreground">{MODE_INFO[draft.permissionMode].description}</span>
              </label>
            </Section>
          )}
        </div>
        <div className="flex flex-wrap justify-between gap-2 border-t px-4 py-3">
          <Button
            variant="ghost"
            size="sm"
            data-testid="settings-reset"
            disabled={!draft}
            onClick={() => {
              setDraft((current) => current && { ...current, values: toDraft(LOOP_SETTING_FIELDS, {}) });
              setMcp((current) => current && { ...current, overrides: {} });
            }}
          >
            Reset to defaults
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" data-testid="settings-save-defaults" disabled={!draft} onClick={() => void saveAsDefaults()}>
              Save as my defaults
            </Button>
            <Button size="sm" data-testid="settings-save" disabled={!draft || saving} onClick={() => void save()}>
              Save
            </Button>
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
