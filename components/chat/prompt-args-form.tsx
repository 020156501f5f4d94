'use client';

import { useId, useState } from 'react';
import { XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { PromptCommand } from '@/lib/client/slash-commands';

/**
 * The small form for an MCP prompt's arguments, above the composer. Required
 * arguments are marked and checked before anything is asked; Enter runs the
 * prompt (its text goes into the composer to edit), Escape closes the form.
 */
export function PromptArgsForm({
  command,
  initial,
  running,
  error,
  onRun,
  onCancel,
}: {
  command: PromptCommand;
  /** Text typed after the command: fills the first argument. */
  initial?: string;
  running: boolean;
  error?: string;
  onRun: (args: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { prompt } = command;
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => {
    const first = prompt.arguments[0];
    return first && initial ? { [first.name]: initial } : {};
  });
  return (
    <form
      className="mb-2 rounded-xl border bg-card p-3 shadow-sm"
      aria-label={`Arguments of /${command.name}`}
      data-testid="prompt-args-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (running) return;
        const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
        onRun(args);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <div className="mb-2 flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="truncate font-mono text-sm font-medium">/{command.name}</div>
          {prompt.description && <p className="text-xs text-muted-foreground">{prompt.description}</p>}
        </div>
        <Button type="button" size="icon-xs" variant="ghost" aria-label="Close the prompt form" onClick={onCancel}>
          <XIcon />
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {prompt.arguments.map((argument, index) => {
          const inputId = `${formId}-${index}`;
          return (
            <div key={argument.name} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={inputId} className="text-xs font-medium">
                {argument.name}
                {argument.required ? (
                  <span className="text-destructive" aria-hidden>
                    {' '}*
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground"> (optional)</span>
                )}
              </label>
              <input
                id={inputId}
                name={argument.name}
                required={argument.required}
                aria-required={argument.required}
                autoFocus={index === 0}
                value={values[argument.name] ?? ''}
                onChange={(event) => setValues((current) => ({ ...current, [argument.name]: event.target.value }))}
                placeholder={argument.description}
                maxLength={10_000}
                data-testid={`prompt-arg-${argument.name}`}
                className="h-8 w-full min-w-0 rounded-md border bg-background px-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30"
              />
            </div>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-xs text-destructive" data-testid="prompt-args-error">
          {error}
        </p>
      )}
      <div className="mt-2.5 flex items-center justify-end gap-2">
        <span className="mr-auto text-[11px] text-muted-foreground">The prompt goes into the composer for you to edit and send.</span>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={running} data-testid="prompt-args-run">
          {running && <Spinner />} Insert prompt
        </Button>
      </div>
    </form>
  );
}
