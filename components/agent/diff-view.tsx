import { cn } from '@/lib/utils';

interface DiffLine {
  kind: 'hunk' | 'add' | 'remove' | 'context' | 'note';
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

/** Reads unified diff hunks (`@@ -a,b +c,d @@` then ` `, `+`, `-` and `\` lines) into numbered lines. */
export function parseUnifiedPatch(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let oldNumber = 0;
  let newNumber = 0;
  for (const raw of patch.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      oldNumber = Number(hunk[1]);
      newNumber = Number(hunk[2]);
      // `-0,0` numbers an empty side from the line before it.
      if (oldNumber === 0) oldNumber = 1;
      if (newNumber === 0) newNumber = 1;
      lines.push({ kind: 'hunk', text: raw });
    } else if (raw.startsWith('+')) lines.push({ kind: 'add', text: raw.slice(1), newNumber: newNumber++ });
    else if (raw.startsWith('-')) lines.push({ kind: 'remove', text: raw.slice(1), oldNumber: oldNumber++ });
    else if (raw.startsWith('\\')) lines.push({ kind: 'note', text: raw.slice(1).trim() });
    else if (raw.startsWith(' ')) lines.push({ kind: 'context', text: raw.slice(1), oldNumber: oldNumber++, newNumber: newNumber++ });
  }
  return lines;
}

const ROW_STYLES: Record<DiffLine['kind'], string> = {
  hunk: 'bg-sky-500/10 text-sky-700 dark:text-sky-300',
  add: 'bg-emerald-500/12 text-emerald-900 dark:bg-emerald-400/12 dark:text-emerald-100',
  remove: 'bg-rose-500/12 text-rose-900 dark:bg-rose-400/12 dark:text-rose-100',
  context: 'text-foreground/80',
  note: 'text-muted-foreground italic',
};

const SIGN: Record<DiffLine['kind'], string> = { hunk: '', add: '+', remove: '-', context: ' ', note: '' };

/** A unified line diff: old and new line numbers, red removals, green additions; scrolls when long. */
export function DiffView({ patch, className }: { patch: string; className?: string }) {
  const lines = parseUnifiedPatch(patch);
  if (lines.length === 0) {
    return <p className="rounded-lg border bg-muted/40 px-3 py-2 text-xs text-muted-foreground">No changes.</p>;
  }
  return (
    <div data-testid="diff-view" className={cn('max-h-96 overflow-auto rounded-lg border bg-muted/20 font-mono text-xs leading-5', className)}>
      <table className="w-full border-collapse">
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} data-kind={line.kind} className={ROW_STYLES[line.kind]}>
              {line.kind === 'hunk' || line.kind === 'note' ? (
                <td colSpan={4} className="px-3 py-0.5 whitespace-pre">
                  {line.text}
                </td>
              ) : (
                <>
                  <td className="w-px border-r border-border/60 px-2 text-right text-muted-foreground/80 select-none">{line.oldNumber ?? ''}</td>
                  <td className="w-px border-r border-border/60 px-2 text-right text-muted-foreground/80 select-none">{line.newNumber ?? ''}</td>
                  <td className="w-4 pl-2 select-none" aria-hidden>
                    {SIGN[line.kind]}
                  </td>
                  <td className="pr-3 break-all whitespace-pre-wrap">
                    <span className="sr-only">{line.kind === 'add' ? 'added: ' : line.kind === 'remove' ? 'removed: ' : ''}</span>
                    {line.text}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
