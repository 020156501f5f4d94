'use client';

import { useId, useState } from 'react';
import type { ModelMessage } from 'ai';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { EditableRequest, EditableSettings } from '@/lib/agent/editable-request';
import { cn } from '@/lib/utils';

/**
 * An editable view of one model request: instructions, messages, tools on/off
 * and sampling settings. A message whose content is plain text is edited as
 * text; any other (parts: tool calls, results, reasoning, images) as its JSON.
 * JSON that does not parse stays in the box and is reported through
 * `onChange(request, problem)`: the caller blocks sending while `problem` is set.
 * Used by the inspector's "Edit and re-run" / "Replay" and the paused-request card.
 */
export interface RequestEditorProps {
  request: EditableRequest;
  /** Every edit; `problem` names the first message whose JSON is invalid (null: the request is complete). */
  onChange: (request: EditableRequest, problem: string | null) => void;
  readOnly?: boolean;
}

const SETTING_FIELDS: { key: keyof EditableSettings; label: string; step: string; min: number; max: number; integer?: boolean }[] = [
  { key: 'temperature', label: 'Temperature', step: '0.1', min: 0, max: 2 },
  { key: 'topP', label: 'Top-p', step: '0.05', min: 0, max: 1 },
  { key: 'maxOutputTokens', label: 'Max output tokens', step: '1', min: 1, max: 1_000_000, integer: true },
];

export function RequestEditor({ request, onChange, readOnly = false }: RequestEditorProps) {
  const id = useId();
  // Text of messages whose JSON does not parse (yet), by index; the request keeps their last valid content.
  const [drafts, setDrafts] = useState<Record<number, { text: string; problem: string }>>({});

  const firstProblem = (next: Record<number, { problem: string }>) => {
    const index = Object.keys(next).map(Number).sort((a, b) => a - b)[0];
    return index === undefined ? null : `Message ${index + 1}: ${next[index].problem}`;
  };
  const emit = (next: EditableRequest, nextDrafts = drafts) => onChange(next, firstProblem(nextDrafts));

  const setMessage = (index: number, message: ModelMessage) => {
    const messages = request.messages.map((m, i) => (i === index ? message : m));
    const { [index]: _dropped, ...rest } = drafts;
    setDrafts(rest);
    emit({ ...request, messages }, rest);
  };

  const editMessageText = (index: number, text: string) => {
    const message = request.messages[index];
    if (typeof message.content === 'string') return setMessage(index, { ...message, content: text } as ModelMessage);
    const parsed = parseContent(text, message.role);
    if (parsed.ok) return setMessage(index, { ...message, content: parsed.content } as ModelMessage);
    const next = { ...drafts, [index]: { text, problem: parsed.problem } };
    setDrafts(next);
    emit(request, next);
  };

  const removeMessage = (index: number) => {
    // Drafts after the removed message move up by one.
    const next: typeof drafts = {};
    for (const [key, draft] of Object.entries(drafts)) {
      const i = Number(key);
      if (i < index) next[i] = draft;
      else if (i > index) next[i - 1] = draft;
    }
    setDrafts(next);
    emit({ ...request, messages: request.messages.filter((_, i) => i !== index) }, next);
  };

  const setSetting = (key: keyof EditableSettings, raw: string, integer?: boolean) => {
    const settings = { ...request.settings };
    const value = integer ? Number.parseInt(raw, 10) : Number.parseFloat(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) delete settings[key];
    else settings[key] = value;
    emit({ ...request, settings });
  };

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="request-editor">
      <section className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-instructions`} className="text-xs font-medium text-muted-foreground">
          System prompt (instructions)
        </label>
        <textarea
          id={`${id}-instructions`}
          className={FIELD}
          rows={Math.min(10, Math.max(3, request.instructions.split('\n').length))}
          value={request.instructions}
          readOnly={readOnly}
          onChange={(event) => emit({ ...request, instructions: event.target.value })}
          data-testid="request-editor-instructions"
        />
      </section>

      <section className="flex flex-col gap-2" aria-labelledby={`${id}-messages`}>
        <h3 id={`${id}-messages`} className="text-xs font-medium text-muted-foreground">
          Messages ({request.messages.length})
        </h3>
        {request.messages.length === 0 && <p className="text-xs text-muted-foreground">No messages.</p>}
        {request.messages.map((message, index) => {
          const draft = drafts[index];
          const plain = typeof message.content === 'string';
          const text = draft?.text ?? (plain ? (message.content as string) : JSON.stringify(message.content, null, 2));
          const inputId = `${id}-message-${index}`;
          return (
            <div key={index} className="flex flex-col gap-1 rounded-lg border bg-background/50 p-2" data-testid="request-editor-message" data-role={message.role} data-index={index}>
              <div className="flex items-center gap-2">
                <label htmlFor={inputId} className="flex items-center gap-2 text-xs">
                  <span className="tabular-nums text-muted-foreground">{index + 1}.</span>
                  <Badge tone={message.role === 'user' ? 'info' : message.role === 'tool' ? 'neutral' : message.role === 'system' ? 'outline' : 'success'}>{message.role}</Badge>
                  <span className="text-muted-foreground">{plain ? 'text' : 'JSON parts'}</span>
                </label>
                {!readOnly && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-xs"
                    className="ml-auto"
                    aria-label={`Remove message ${index + 1}`}
                    onClick={() => removeMessage(index)}
                    data-testid="request-editor-message-remove"
                  >
                    <Trash2Icon />
                  </Button>
                )}
              </div>
              <textarea
                id={inputId}
                className={cn(FIELD, !plain && 'font-mono text-xs', draft && 'border-destructive')}
                rows={Math.min(14, Math.max(2, text.split('\n').length))}
                value={text}
                readOnly={readOnly}
                spellCheck={plain}
                aria-invalid={draft ? true : undefined}
                aria-describedby={draft ? `${inputId}-problem` : undefined}
                onChange={(event) => editMessageText(index, event.target.value)}
                data-testid="request-editor-message-input"
              />
              {draft && (
                <p id={`${inputId}-problem`} className="text-xs text-destructive" data-testid="request-editor-message-problem">
                  {draft.problem}
                </p>
              )}
            </div>
          );
        })}
        {!readOnly && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => emit({ ...request, messages: [...request.messages, { role: 'user', content: '' }] })}
            data-testid="request-editor-add-message"
          >
            <PlusIcon /> Add a user message
          </Button>
        )}
      </section>

      <section className="flex flex-col gap-1.5" aria-labelledby={`${id}-tools`}>
        <h3 id={`${id}-tools`} className="text-xs font-medium text-muted-foreground">
          Tools ({request.tools.filter((tool) => tool.enabled).length} of {request.tools.length} on)
        </h3>
        {request.tools.length === 0 && <p className="text-xs text-muted-foreground">The request carried no tools.</p>}
        <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {request.tools.map((tool, index) => (
            <li key={tool.name} className="flex min-w-0 items-center gap-2">
              <Switch
                id={`${id}-tool-${index}`}
                checked={tool.enabled}
                disabled={readOnly}
                onCheckedChange={(enabled) => emit({ ...request, tools: request.tools.map((t, i) => (i === index ? { ...t, enabled } : t)) })}
                data-testid="request-editor-tool"
                data-tool-name={tool.name}
              />
              <label htmlFor={`${id}-tool-${index}`} className="truncate font-mono text-xs" title={tool.name}>
                {tool.name}
              </label>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-1.5" aria-labelledby={`${id}-settings`}>
        <h3 id={`${id}-settings`} className="text-xs font-medium text-muted-foreground">
          Parameters <span className="font-normal">(empty: the model&apos;s default)</span>
        </h3>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {SETTING_FIELDS.map((field) => (
            <label key={field.key} className="flex flex-col gap-1 text-xs">
              {field.label}
              <input
                type="number"
                inputMode="decimal"
                className={FIELD}
                min={field.min}
                max={field.max}
                step={field.step}
                readOnly={readOnly}
                value={request.settings[field.key] ?? ''}
                onChange={(event) => setSetting(field.key, event.target.value, field.integer)}
                data-testid={`request-editor-setting-${field.key}`}
              />
            </label>
          ))}
        </div>
      </section>
    </div>
  );
}

const FIELD =
  'w-full min-w-0 rounded-md border bg-background px-2.5 py-1.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 read-only:bg-muted/40 aria-invalid:border-destructive';

/** A message's content from its JSON: parts (an array of objects with a `type`), or a string. The server checks the rest. */
function parseContent(text: string, role: ModelMessage['role']): { ok: true; content: ModelMessage['content'] } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `invalid JSON (${error instanceof Error ? error.message : 'does not parse'})` };
  }
  if (typeof value === 'string' && role !== 'tool') return { ok: true, content: value };
  if (!Array.isArray(value)) return { ok: false, problem: role === 'tool' ? 'a tool message is an array of tool-result parts' : 'expected an array of parts or a string' };
  const bad = value.findIndex((part) => typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string');
  if (bad >= 0) return { ok: false, problem: `part ${bad + 1} needs a "type"` };
  return { ok: true, content: value as ModelMessage['content'] };
}
