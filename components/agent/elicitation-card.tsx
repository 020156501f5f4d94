'use client';

import { useId, useState } from 'react';
import { CheckIcon, ClipboardListIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSessionContext } from '@/components/context/session-context';
import { fieldClass } from '@/components/mcp/field-styles';
import type { ElicitationNotice } from '@/lib/agent/messages';
import { request } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';
import {
  checkElicitationContent,
  contentFromInputs,
  elicitationFields,
  initialInputs,
  type ElicitationField,
  type FormInputs,
} from '@/lib/mcp/elicitation';
import { cn } from '@/lib/utils';

type Action = 'accept' | 'decline' | 'cancel';

/** Sends the user's answer to a server's question (a form or a sampling request); the run picks it up. */
export async function answerElicitation(sessionId: string, elicitationId: string, body: { action: Action; content?: Record<string, unknown> }): Promise<void> {
  await request(`/api/sessions/${encodeURIComponent(sessionId)}/elicitations/${encodeURIComponent(elicitationId)}`, { method: 'POST', json: body });
}

const STATUS_TEXT: Record<ElicitationNotice['status'], string> = {
  pending: 'Waiting for your answer',
  accepted: 'Sent',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/**
 * A form an MCP server asked for while its tool ran (MCP elicitation). The schema
 * decides the fields; Submit checks them as the server will, Decline and Cancel send
 * no content. The server's message is shown as plain text, never as markup or links.
 * While the run waits, any tab shows the form; once the run is over an unanswered
 * form reads "Cancelled".
 */
export function ElicitationCard({ notice, live }: { notice: ElicitationNotice; live: boolean }) {
  const session = useSessionContext();
  const form = elicitationFields(notice.requestedSchema);
  // An answer sent from here shows at once; the stream's rewrite of the part confirms it.
  const [sent, setSent] = useState<ElicitationNotice['status'] | null>(null);
  const status = notice.status === 'pending' && !live ? 'cancelled' : notice.status === 'pending' && sent ? sent : notice.status;
  const note = notice.status === 'pending' && !live ? 'the run ended before an answer' : notice.note;
  const canAnswer = status === 'pending' && session !== null && form.ok;

  return (
    <div
      className="ml-4 flex flex-col gap-2 rounded-lg border border-l-2 border-l-primary/60 px-3 py-2.5 text-xs"
      data-testid="elicitation-card"
      data-status={status}
      role="group"
      aria-label={`Question from MCP server ${notice.server}`}
    >
      <div className="flex items-center gap-2">
        <ClipboardListIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="font-medium">
          MCP · {notice.server} asks
        </span>
        <span className={cn('ml-auto shrink-0 text-muted-foreground', status === 'accepted' && 'text-success-text')} data-testid="elicitation-status">
          {STATUS_TEXT[status]}
        </span>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm" data-testid="elicitation-message">
        {notice.message}
      </p>
      {canAnswer && form.ok ? (
        <ElicitationForm fields={form.fields} sessionId={session.sessionId} elicitationId={notice.elicitationId} onSent={setSent} />
      ) : status === 'accepted' && notice.content ? (
        <AnswerSummary fields={form.ok ? form.fields : []} content={notice.content} />
      ) : null}
      {!form.ok && status === 'pending' ? <p className="text-warning-text">This form cannot be shown: {form.reason}.</p> : null}
      {note && status !== 'pending' ? <p className="text-muted-foreground" data-testid="elicitation-note">{capitalize(note)}.</p> : null}
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function AnswerSummary({ fields, content }: { fields: readonly ElicitationField[]; content: NonNullable<ElicitationNotice['content']> }) {
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-muted-foreground" data-testid="elicitation-answer">
      {Object.entries(content).map(([name, value]) => (
        <div key={name} className="contents">
          <dt>{labels.get(name) ?? name}</dt>
          <dd className="min-w-0 break-words text-foreground">{Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ElicitationForm({
  fields,
  sessionId,
  elicitationId,
  onSent,
}: {
  fields: readonly ElicitationField[];
  sessionId: string;
  elicitationId: string;
  onSent: (status: ElicitationNotice['status']) => void;
}) {
  const [inputs, setInputs] = useState<FormInputs>(() => initialInputs(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idBase = useId();

  async function send(action: Action) {
    let content: Record<string, unknown> | undefined;
    if (action === 'accept') {
      const checked = checkElicitationContent(fields, contentFromInputs(fields, inputs));
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      content = checked.content;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await answerElicitation(sessionId, elicitationId, { action, ...(content ? { content } : {}) });
      onSent(action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled');
    } catch (error) {
      setFailure(readError(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-2.5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send('accept');
      }}
    >
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          id={`${idBase}-${field.name}`}
          field={field}
          value={inputs[field.name]}
          error={errors[field.name]}
          onChange={(value) => setInputs((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      {failure ? (
        <p className="text-destructive" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <Button type="submit" size="xs" disabled={busy} data-testid="elicitation-accept">
          <CheckIcon aria-hidden /> Submit
        </Button>
        <Button type="button" size="xs" variant="outline" disabled={busy} onClick={() => void send('decline')} data-testid="elicitation-decline">
          <XIcon aria-hidden /> Decline
        </Button>
        <Button type="button" size="xs" variant="ghost" disabled={busy} onClick={() => void send('cancel')} data-testid="elicitation-cancel">
          Cancel
        </Button>
      </div>
    </form>
  );
}

const INPUT_TYPE = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

function FieldInput({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: ElicitationField;
  value: FormInputs[string] | undefined;
  error?: string;
  onChange: (value: FormInputs[string]) => void;
}) {
  const describedBy = [field.description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'data-testid': `elicitation-field-${field.name}` } as const;
  const label = (
    <span className="font-medium">
      {field.label}
      {field.required ? <span className="text-destructive"> *</span> : null}
    </span>
  );
  let control;
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="flex flex-col gap-0.5">
          <label className="flex items-center gap-2" htmlFor={id}>
            <input type="checkbox" className="size-4 accent-primary" checked={value === true} onChange={(event) => onChange(event.target.checked)} {...common} />
            {label}
          </label>
          <FieldHelp id={id} field={field} error={error} />
        </div>
      );
    case 'multi-enum': {
      const selected = Array.isArray(value) ? value : [];
      return (
        <fieldset className="flex flex-col gap-1" aria-describedby={describedBy} data-testid={common['data-testid']}>
          <legend className="mb-1">{label}</legend>
          {field.options.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={selected.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...selected, option.value] : selected.filter((item) => item !== option.value))}
              />
              {option.label}
            </label>
          ))}
          <FieldHelp id={id} field={field} error={error} />
        </fieldset>
      );
    }
    case 'enum':
      control = (
        <select className={fieldClass} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} {...common}>
          <option value="">{field.required ? 'Choose…' : '(none)'}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      control = (
        <input
          className={fieldClass}
          type="text"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
    case 'string':
      control = (
        <input
          className={fieldClass}
          type={field.format ? INPUT_TYPE[field.format] : 'text'}
          maxLength={field.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          {...common}
        />
      );
      break;
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      {control}
      <FieldHelp id={id} field={field} error={error} />
    </div>
  );
}

function rangeOf(field: ElicitationField): string | undefined {
  if (field.kind !== 'number') return undefined;
  if (field.minimum !== undefined && field.maximum !== undefined) return `${field.minimum} to ${field.maximum}`;
  if (field.minimum !== undefined) return `at least ${field.minimum}`;
  if (field.maximum !== undefined) return `at most ${field.maximum}`;
  return undefined;
}

function FieldHelp({ id, field, error }: { id: string; field: ElicitationField; error?: string }) {
  const range = rangeOf(field);
  return (
    <>
      {field.description || range ? (
        <p id={`${id}-description`} className="text-muted-foreground">
          {[field.description, range].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive" data-testid={`elicitation-error-${field.name}`}>
          {field.label} {error}.
        </p>
      ) : null}
    </>
  );
}
