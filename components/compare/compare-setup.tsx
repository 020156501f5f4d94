'use client';

import { useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { PlusIcon, XIcon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Composer } from '@/components/chat/composer';
import { AttachImageButton, ComposerImageTray, ImageDropZone } from '@/components/chat/composer-attachments';
import { useDraft, useDraftText } from '@/components/chat/hooks/use-draft';
import { useImageAttachments, type ImageModel } from '@/components/chat/hooks/use-image-attachments';
import { CompareHistory } from '@/components/compare/compare-history';
import { ModelPicker } from '@/components/models/model-picker';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { MAX_COMPARE_COLUMNS, MIN_COMPARE_COLUMNS, type CompareColumnInput, type CompareGroupSummary } from '@/lib/api/compare-request';
import { readError } from '@/lib/client/api-error';
import { createCompareGroup } from '@/lib/client/compare-api';
import { storePendingMessage } from '@/lib/client/pending-message';
import type { ModelInfo } from '@/lib/models/types';
import { loopSettingsSchema } from '@/lib/settings/loop-settings';

/** One column as it is being set up: the model and the settings that set it apart (text, as typed). */
interface ColumnDraft {
  id: number;
  modelKey: string;
  temperature: string;
  systemPrompt: string;
}

/** The session settings a column can set here, when the settings table has them (lib/agent/settings.ts). */
const SETTABLE = {
  temperature: Object.hasOwn(loopSettingsSchema.shape, 'temperature'),
  systemPrompt: Object.hasOwn(loopSettingsSchema.shape, 'systemPrompt'),
};

let nextColumnId = 0;
const newColumn = (modelKey: string): ColumnDraft => ({ id: ++nextColumnId, modelKey, temperature: '', systemPrompt: '' });

/** Two columns to start: the default model and the next one listed (the same one twice when it is alone). */
function firstColumns(models: ModelInfo[], defaultModelKey: string): ColumnDraft[] {
  const other = models.find((model) => model.key !== defaultModelKey && !model.demo) ?? models.find((model) => model.key !== defaultModelKey);
  return [newColumn(defaultModelKey), newColumn(other?.key ?? defaultModelKey)];
}

/** Images go to every column: taken only when every column's model takes them (the refusal names the first that does not). */
function columnsImageModel(columns: readonly ColumnDraft[], models: readonly ModelInfo[]): ImageModel {
  const blind = columns.map((column) => models.find((model) => model.key === column.modelKey)).find((model) => model && !model.capabilities.images);
  return blind ? { label: blind.label, images: false } : { label: 'These models', images: true };
}

/**
 * The compare page: 2–4 columns, each with its model (and temperature or its
 * own system prompt where the model takes them), and one prompt (with images,
 * when every column's model takes them). Starting makes one session per column,
 * leaves the prompt for each, and opens the comparison, where every column
 * sends it and streams at once.
 */
export function CompareSetup({ models, defaultModelKey, groups }: { models: ModelInfo[]; defaultModelKey: string; groups: CompareGroupSummary[] }) {
  const router = useRouter();
  const [columns, setColumns] = useState(() => firstColumns(models, defaultModelKey));
  const draft = useDraft();
  const prompt = useDraftText(draft);
  const [creating, setCreating] = useState(false);
  const imageModel = useMemo(() => columnsImageModel(columns, models), [columns, models]);
  const images = useImageAttachments(draft, imageModel);

  const change = (id: number, update: Partial<ColumnDraft>) => setColumns((list) => list.map((column) => (column.id === id ? { ...column, ...update } : column)));

  async function start() {
    const text = draft.get();
    if ((!text.trim() && images.images.length === 0) || creating) return;
    if (images.refusal) return; // the tray says why: a column's model takes no images
    const inputs = columns.map((column) => columnInput(column, models.find((model) => model.key === column.modelKey)));
    const invalid = inputs.findIndex((input) => !loopSettingsSchema.safeParse(input.settings ?? {}).success);
    if (invalid >= 0) {
      toast.error(`Column ${invalid + 1}: a setting is out of range`, { description: 'Temperature goes from 0 to 2.' });
      return;
    }
    setCreating(true);
    try {
      const group = await createCompareGroup({ columns: inputs });
      const parts = images.take(text);
      for (const session of group.sessions) storePendingMessage(session.id, text, parts);
      router.push(`/compare/${group.id}`);
    } catch (error) {
      toast.error('Could not start the comparison', { description: readError(error).message });
      setCreating(false);
    }
  }

  return (
    <>
      <PageHeader>
        <h1 className="px-1.5 text-sm font-medium">Compare</h1>
      </PageHeader>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6" data-testid="compare-setup">
          <div className="space-y-1.5 text-center">
            <h2 className="text-2xl font-semibold tracking-tight">One prompt, several models</h2>
            <p className="text-sm text-muted-foreground">
              Each column is its own session with its own model and settings. They all run at once, side by side.
            </p>
          </div>
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Columns">
            {columns.map((column, index) => (
              <ColumnSetup
                key={column.id}
                column={column}
                index={index}
                models={models}
                onChange={(update) => change(column.id, update)}
                onRemove={columns.length > MIN_COMPARE_COLUMNS ? () => setColumns((list) => list.filter((c) => c.id !== column.id)) : undefined}
              />
            ))}
          </ol>
          {columns.length < MAX_COMPARE_COLUMNS && (
            <Button
              variant="outline"
              size="sm"
              className="self-center"
              data-testid="compare-add-column"
              onClick={() => setColumns((list) => [...list, newColumn(list.at(-1)?.modelKey ?? defaultModelKey)])}
            >
              <PlusIcon />
              Add a column
            </Button>
          )}
          <ImageDropZone attachments={images}>
            <Composer
              value={prompt}
              onChange={draft.setDraft}
              onSend={() => void start()}
              busy={false}
              sendDisabledReason={creating ? 'Starting the comparison…' : undefined}
              placeholder={`One prompt for all ${columns.length} columns…`}
              inputRef={draft.inputRef}
              autoFocus
              hasAttachments={images.images.length > 0}
              attachments={<ComposerImageTray attachments={images} />}
              actions={<AttachImageButton attachments={images} disabledReason={imageModel.images ? undefined : `${imageModel.label} does not take images`} />}
            />
          </ImageDropZone>
          <CompareHistory groups={groups} models={models} />
        </div>
      </div>
    </>
  );
}

/** A column's model and settings. Settings the model does not take are off, and say why. */
function ColumnSetup({
  column,
  index,
  models,
  onChange,
  onRemove,
}: {
  column: ColumnDraft;
  index: number;
  models: ModelInfo[];
  onChange: (update: Partial<ColumnDraft>) => void;
  onRemove?: () => void;
}) {
  const model = models.find((m) => m.key === column.modelKey);
  const takesTemperature = model?.capabilities.temperature ?? true;
  const fieldId = `compare-column-${column.id}`;
  return (
    <li className="flex min-w-0 flex-col gap-2.5 rounded-xl border bg-card p-3" data-testid="compare-column-setup" aria-label={`Column ${index + 1}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground">Column {index + 1}</span>
        {onRemove && (
          <Button variant="ghost" size="icon-xs" aria-label={`Remove column ${index + 1}`} data-testid="compare-remove-column" onClick={onRemove}>
            <XIcon />
          </Button>
        )}
      </div>
      <ModelPicker models={models} value={column.modelKey} onChange={(modelKey) => onChange({ modelKey })} className="w-full max-w-none" />
      {SETTABLE.temperature && (
        <div className="grid gap-1 text-sm">
          <label htmlFor={`${fieldId}-temperature`} className="text-xs font-medium">
            Temperature
          </label>
          <input
            id={`${fieldId}-temperature`}
            type="number"
            inputMode="decimal"
            min={0}
            max={2}
            step={0.1}
            placeholder={takesTemperature ? 'Model default' : 'Not supported'}
            disabled={!takesTemperature}
            aria-describedby={takesTemperature ? undefined : `${fieldId}-temperature-why`}
            className="h-8 w-full rounded-md border bg-background px-2 text-sm disabled:opacity-60"
            data-testid="compare-temperature"
            value={takesTemperature ? column.temperature : ''}
            onChange={(event) => onChange({ temperature: event.target.value })}
          />
          {!takesTemperature && (
            <span id={`${fieldId}-temperature-why`} className="text-xs text-muted-foreground">
              {model?.label ?? 'This model'} does not take a temperature.
            </span>
          )}
        </div>
      )}
      {SETTABLE.systemPrompt && (
        <div className="grid gap-1 text-sm">
          <label htmlFor={`${fieldId}-system`} className="text-xs font-medium">
            System prompt
          </label>
          <textarea
            id={`${fieldId}-system`}
            rows={2}
            maxLength={20_000}
            placeholder="Added to the agent's instructions"
            className="min-h-14 w-full resize-y rounded-md border bg-background px-2 py-1.5 text-sm"
            data-testid="compare-system-prompt"
            value={column.systemPrompt}
            onChange={(event) => onChange({ systemPrompt: event.target.value })}
          />
        </div>
      )}
    </li>
  );
}

/** What POST /api/compare gets for a column: only the settings that were set and that its model takes. */
function columnInput(column: ColumnDraft, model: ModelInfo | undefined): CompareColumnInput {
  const settings: Record<string, unknown> = {};
  if (SETTABLE.temperature && (model?.capabilities.temperature ?? true) && column.temperature.trim() !== '') settings.temperature = Number(column.temperature);
  if (SETTABLE.systemPrompt && column.systemPrompt.trim()) settings.systemPrompt = column.systemPrompt;
  return { modelKey: column.modelKey, ...(Object.keys(settings).length > 0 ? { settings: settings as CompareColumnInput['settings'] } : {}) };
}
