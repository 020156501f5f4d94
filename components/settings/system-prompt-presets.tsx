'use client';

import { useEffect, useState } from 'react';
import { SaveIcon, Trash2Icon } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';
import type { SystemPromptPreset } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { deletePreset, fetchPresets, savePreset } from '@/lib/client/settings-api';

/**
 * Saved system prompts (per user): pick one to put it in the field, save the field's prompt under a name
 * (the same name replaces it), delete the picked one.
 */
export function SystemPromptPresets({ prompt, onPick }: { prompt: string; onPick: (prompt: string) => void }) {
  const [presets, setPresets] = useState<SystemPromptPreset[]>();
  const [picked, setPicked] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchPresets().then(
      (list) => !cancelled && setPresets(list),
      (error) => toast.error(`Could not load the presets: ${readError(error).message}`),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  async function save() {
    setBusy(true);
    try {
      const saved = await savePreset({ name: name.trim(), prompt });
      setPresets((list) => [...(list ?? []).filter((p) => p.id !== saved.id && p.name !== saved.name), saved].sort((a, b) => a.name.localeCompare(b.name)));
      setPicked(saved.id);
      setNaming(false);
      setName('');
      toast.success(`Preset “${saved.name}” saved.`);
    } catch (error) {
      toast.error(readError(error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    const preset = presets?.find((p) => p.id === picked);
    if (!preset) return;
    setBusy(true);
    try {
      await deletePreset(preset.id);
      setPresets((list) => list?.filter((p) => p.id !== preset.id));
      setPicked('');
      toast.success(`Preset “${preset.name}” deleted.`);
    } catch (error) {
      toast.error(readError(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 pb-2" data-testid="prompt-presets">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="prompt-preset" className="sr-only">
          System prompt preset
        </label>
        <select
          id="prompt-preset"
          data-testid="prompt-preset-select"
          className="h-8 min-w-0 flex-1 rounded-md border bg-background px-2 text-sm"
          value={picked}
          disabled={!presets}
          onChange={(event) => {
            setPicked(event.target.value);
            const preset = presets?.find((p) => p.id === event.target.value);
            if (preset) onPick(preset.prompt);
          }}
        >
          <option value="">{presets?.length ? 'Use a saved preset…' : 'No saved presets'}</option>
          {presets?.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.name}
            </option>
          ))}
        </select>
        <Button type="button" variant="outline" size="sm" data-testid="prompt-preset-new" disabled={!prompt.trim() || busy} onClick={() => setNaming(true)}>
          <SaveIcon aria-hidden />
          Save as preset
        </Button>
        <Button type="button" variant="ghost" size="sm" data-testid="prompt-preset-delete" disabled={!picked || busy} onClick={() => void remove()} aria-label="Delete the picked preset">
          <Trash2Icon aria-hidden />
        </Button>
      </div>
      {naming && (
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void save();
          }}
        >
          <label htmlFor="prompt-preset-name" className="sr-only">
            Preset name
          </label>
          <input
            id="prompt-preset-name"
            data-testid="prompt-preset-name"
            autoFocus
            maxLength={100}
            placeholder="Preset name"
            className="h-8 min-w-0 flex-1 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setNaming(false);
              }
            }}
          />
          <Button type="submit" size="sm" data-testid="prompt-preset-save" disabled={!name.trim() || busy}>
            Save
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </form>
      )}
    </div>
  );
}
