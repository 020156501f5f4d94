'use client';

import { EmbedSwitch } from '@/components/share/share-embed';
import { EXPIRY_CHOICES, type ExpiryChoice } from '@/components/share/share-labels';
import type { ShareDraftState } from '@/components/share/use-share-draft';
import type { ShareMode } from '@/lib/client/share-api';

/** Each privacy choice: the option hides something, the box shows it (checked = shown). */
const PRIVACY_ROWS = [
  { option: 'hideSystemPrompt', testId: 'share-option-system-prompt', label: 'Show the system prompt', help: 'The agent’s instructions.' },
  { option: 'hideToolIO', testId: 'share-option-tool-io', label: 'Show tool inputs and outputs', help: 'Off: the tool cards say only which tool ran and how it ended.' },
  { option: 'hideWorkspace', testId: 'share-option-workspace', label: 'Show workspace files', help: 'The agent’s files, with their text.' },
] as const;

/** What viewers may see. Keys, header values and credentials are left out whatever is chosen. */
export function SharePrivacyOptions({ draft }: { draft: ShareDraftState }) {
  const { options, setOption } = draft;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">Viewers see</legend>
      {PRIVACY_ROWS.map((row) => (
        <OptionCheckbox
          key={row.option}
          testId={row.testId}
          label={row.label}
          help={row.help}
          checked={!options[row.option]}
          onChange={(checked) => setOption(row.option, !checked)}
        />
      ))}
    </fieldset>
  );
}

function OptionCheckbox({ testId, label, help, checked, onChange }: { testId: string; label: string; help: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-start gap-2.5 py-1 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-primary" data-testid={testId} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{help}</span>
      </span>
    </label>
  );
}

/** Snapshot or live, how long the link works, and whether other sites may frame it. */
export function ShareLinkOptions({ draft }: { draft: ShareDraftState }) {
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-muted-foreground">Link</legend>
        <ModeRadio mode="snapshot" current={draft.mode} onChange={draft.setMode} label="Snapshot" help="Viewers see the session as it is now." />
        <ModeRadio mode="live" current={draft.mode} onChange={draft.setMode} label="Live" help="Viewers also follow new turns." />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-xs font-medium text-muted-foreground">Expires</span>
        <select
          className="h-8 rounded-md border bg-background px-2 text-sm"
          data-testid="share-expiry"
          value={draft.expiry}
          onChange={(event) => draft.setExpiry(event.target.value as ExpiryChoice)}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <EmbedSwitch checked={draft.allowEmbed} onChange={draft.setAllowEmbed} />
    </div>
  );
}

function ModeRadio({ mode, current, onChange, label, help }: { mode: ShareMode; current: ShareMode; onChange: (mode: ShareMode) => void; label: string; help: string }) {
  return (
    <label className="flex items-start gap-2.5 py-1 text-sm">
      <input
        type="radio"
        name="share-mode"
        className="mt-0.5 size-4 accent-primary"
        data-testid={`share-mode-${mode}`}
        value={mode}
        checked={current === mode}
        onChange={() => onChange(mode)}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{help}</span>
      </span>
    </label>
  );
}
