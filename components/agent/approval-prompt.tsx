'use client';

import { useId, useState } from 'react';
import { CheckCheckIcon, CheckIcon, PencilIcon, ShieldCheckIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ApprovalActions } from '@/components/agent/approval-context';
import { canonicalJson } from '@/lib/agent/canonical-json';
import { cn } from '@/lib/utils';

/** Parses the edited arguments: they must be a JSON object, like every tool input. */
function parseEditedArguments(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'The arguments must be a JSON object.' };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * The approval request inside a tool card: Approve, Deny with an optional
 * reason the model reads, "Always allow", approve with edited arguments, and
 * "Approve all" when several calls wait. The server checks every answer.
 */
export function ApprovalPrompt({
  approvalId,
  toolName,
  toolTitle,
  input,
  requestReason,
  actions,
}: {
  approvalId: string;
  toolName: string;
  toolTitle: string;
  input: unknown;
  requestReason?: string;
  actions: ApprovalActions;
}) {
  const [editing, setEditing] = useState(false);
  const [argsText, setArgsText] = useState(() => JSON.stringify(input ?? {}, null, 2));
  // What the server said about these arguments (the tool's schema); cleared when they change.
  const [schemaError, setSchemaError] = useState<{ text: string; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const reasonId = useId();
  const parsed = editing ? parseEditedArguments(argsText) : null;
  const disabled = !actions.canAnswer || checking;
  const shownSchemaError = schemaError?.text === argsText ? schemaError.message : undefined;

  async function approve(alwaysAllow = false) {
    if (parsed && !parsed.ok) return;
    // Opening the editor and changing nothing is a plain approval, not "approved with edited arguments".
    const edited = parsed?.ok && canonicalJson(parsed.value) !== canonicalJson(input ?? {});
    if (edited && actions.checkEditedInput) {
      // Checked against the tool's schema before anything is sent: a wrong value is shown here, and nothing is lost.
      const text = argsText;
      setChecking(true);
      const problem = await actions.checkEditedInput(approvalId, parsed.value).finally(() => setChecking(false));
      if (problem) {
        setSchemaError({ text, message: problem });
        return;
      }
    }
    actions.answer(approvalId, { approved: true, alwaysAllow, ...(edited ? { editedInput: parsed.value } : {}) });
  }

  return (
    <div className="flex flex-col gap-2 border-t border-warning/20 bg-warning/10 px-3 py-2.5 text-xs" data-testid="approval-prompt">
      <p className="text-warning-text">{requestReason ?? 'This call waits for your approval.'}</p>
      <p className="text-muted-foreground">
        Tool <code className="font-mono text-foreground" data-testid="approval-tool-name">{toolName}</code>
      </p>
      {editing && (
        <EditArgumentsField
          id={`${reasonId}-args`}
          value={argsText}
          onChange={setArgsText}
          error={parsed?.ok === false ? parsed.error : shownSchemaError}
        />
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <Button size="xs" onClick={() => void approve()} disabled={disabled || parsed?.ok === false} data-testid="approve-button">
          <CheckIcon />
          {editing ? 'Approve with these arguments' : 'Approve'}
        </Button>
        <Button
          size="xs"
          variant="outline"
          className="bg-background/70"
          onClick={() => void approve(true)}
          disabled={disabled || parsed?.ok === false}
          data-testid="always-allow"
          title={`Approve, and run ${toolName} without asking for the rest of this session`}
        >
          <ShieldCheckIcon />
          Always allow {toolTitle} in this session
        </Button>
        {!editing && (
          <Button size="xs" variant="ghost" onClick={() => setEditing(true)} disabled={disabled} data-testid="edit-args">
            <PencilIcon />
            Edit arguments
          </Button>
        )}
        {actions.pendingIds.length > 1 && (
          <Button size="xs" variant="ghost" onClick={actions.approveAll} disabled={disabled} data-testid="approve-all">
            <CheckCheckIcon />
            Approve all {actions.pendingIds.length}
          </Button>
        )}
      </div>
      <DenyControls id={reasonId} disabled={disabled} onDeny={(reason) => actions.answer(approvalId, { approved: false, reason })} />
    </div>
  );
}

/** The arguments as pretty JSON, editable; an error says why they cannot be sent. */
function EditArgumentsField({ id, value, onChange, error }: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label className="font-medium text-foreground" htmlFor={id}>
        Arguments (JSON)
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        rows={Math.min(12, Math.max(3, value.split('\n').length))}
        aria-invalid={error !== undefined || undefined}
        data-testid="edit-args-input"
        className={cn(
          'w-full resize-y rounded-md border bg-background px-2 py-1.5 font-mono text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30',
          error !== undefined && 'border-destructive/60',
        )}
      />
      {error !== undefined && (
        <p className="text-destructive" data-testid="edit-args-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Deny, with an optional reason the model reads (Enter in the field denies too). */
function DenyControls({ id, disabled, onDeny }: { id: string; disabled: boolean; onDeny: (reason: string | undefined) => void }) {
  const [reason, setReason] = useState('');
  const deny = () => onDeny(reason.trim() || undefined);
  return (
    <div className="flex items-center gap-1.5">
      <label className="sr-only" htmlFor={id}>
        Reason for denying
      </label>
      <input
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !disabled) deny();
        }}
        placeholder="Reason for denying (optional, the agent reads it)"
        maxLength={2000}
        data-testid="deny-reason"
        className="h-7 min-w-0 flex-1 rounded-md border bg-background px-2 text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
      />
      <Button size="xs" variant="outline" className="bg-background/70 text-destructive" onClick={deny} disabled={disabled} data-testid="deny-button">
        <XIcon />
        Deny
      </Button>
    </div>
  );
}
