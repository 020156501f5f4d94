import { CopyButton } from '@/components/ui/copy-button';

/** A copyable block of environment variables (comments included, so the copy is self-explaining). */
export function EnvSnippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="group/snippet relative" data-testid="env-snippet">
      <pre className="overflow-x-auto rounded-lg border bg-muted/50 px-3 py-2.5 pr-10 font-mono text-xs leading-relaxed">
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
