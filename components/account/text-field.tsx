import { fieldClass } from '@/components/mcp/field-styles';

/** A labelled input of the account forms. */
export function TextField({ label, hint, ...input }: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex flex-col gap-1.5 text-sm">
      <span className="font-medium">{label}</span>
      <input className={fieldClass} {...input} />
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </label>
  );
}
