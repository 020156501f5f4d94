'use client';

import { KeyRoundIcon } from 'lucide-react';
import { findingKindLabel, plural } from '@/components/share/share-labels';
import { Button } from '@/components/ui/button';
import type { SecretFinding } from '@/lib/api-types';
import { cn } from '@/lib/utils';

/** A finding counts as redacted once chosen, before the next preview confirms it. */
export function isRedacted(finding: SecretFinding, chosen: readonly string[]): boolean {
  return chosen.includes(finding.id);
}

/** What the secret scan found in what viewers would see, each with a one-click redaction. */
export function ShareFindings({
  findings,
  chosen,
  onToggle,
  onRedactAll,
}: {
  findings: SecretFinding[];
  /** The finding ids the owner chose to redact. */
  chosen: readonly string[];
  onToggle: (id: string) => void;
  onRedactAll: (ids: string[]) => void;
}) {
  if (findings.length === 0) return null;
  const open = findings.filter((finding) => !isRedacted(finding, chosen));
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-warning/30 bg-warning/5 p-3" aria-label="Possible secrets" data-testid="share-findings">
      <div className="flex items-center gap-2">
        <KeyRoundIcon className="size-4 shrink-0 text-warning-text" aria-hidden />
        <p className="flex-1 text-sm font-medium">
          {plural(findings.length, 'possible secret')} in what viewers would see
          {open.length > 0 && open.length < findings.length ? ` (${open.length} not redacted)` : ''}
        </p>
        <Button size="xs" variant="outline" data-testid="share-redact-all" disabled={open.length === 0} onClick={() => onRedactAll(open.map((f) => f.id))}>
          Redact all
        </Button>
      </div>
      <ul className="flex flex-col gap-1.5">
        {findings.map((finding) => (
          <FindingRow key={finding.id} finding={finding} redacted={isRedacted(finding, chosen)} onToggle={() => onToggle(finding.id)} />
        ))}
      </ul>
    </section>
  );
}

const MAX_PLACES = 3;

function FindingRow({ finding, redacted, onToggle }: { finding: SecretFinding; redacted: boolean; onToggle: () => void }) {
  const kind = findingKindLabel(finding.kind);
  const places = finding.where.slice(0, MAX_PLACES).join(', ') + (finding.where.length > MAX_PLACES ? ` and ${finding.where.length - MAX_PLACES} more` : '');
  return (
    <li className="flex items-center gap-3 rounded-md border bg-background px-2.5 py-1.5" data-testid="share-finding" data-kind={finding.kind} data-redacted={redacted}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">
          <span className="font-medium">{kind}</span>{' '}
          <code className={cn('rounded bg-muted px-1 font-mono text-xs', redacted && 'line-through opacity-60')}>{finding.masked}</code>
        </p>
        {places && <p className="truncate text-xs text-muted-foreground">in {places}</p>}
      </div>
      {redacted && (
        <span className="flex items-center gap-1 text-xs font-medium text-success-text" data-testid="share-finding-redacted">
          Redacted ✓
        </span>
      )}
      <Button size="xs" variant={redacted ? 'ghost' : 'outline'} data-testid="share-redact" aria-label={`${redacted ? 'Undo redacting' : 'Redact'} ${kind} ${finding.masked}`} onClick={onToggle}>
        {redacted ? 'Undo' : 'Redact'}
      </Button>
    </li>
  );
}
