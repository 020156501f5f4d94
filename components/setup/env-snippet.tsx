import { CopyButton } from '@/components/ui/copy-button';

/** A copyable block of environment variables (comments included, so the copy is self-explaining). */
export function EnvSnippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="group/snippet relative" data-testid="env-snippet">
      {/* Focusable, so its long lines can be scrolled from the keyboard too. */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-lg border bg-muted/50 px-3 py-2.5 pr-10 font-mono text-xs leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {code.split('\n').map((line, index) => (
          <div key={index} className={line.trimStart().startsWith('#') ? 'text-muted-foreground' : undefined}>
            {line || '\u00a0'}
          </div>
        ))}
      </pre>
      <CopyButton text={code} label={`Copy ${label}`} className="absolute top-1.5 right-1.5 bg-background/80" />
    </div>
  );
}
