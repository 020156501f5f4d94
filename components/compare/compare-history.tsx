'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Trash2Icon } from 'lucide-react';
import { RelativeTime } from '@/components/sessions/relative-time';
import { ConfirmActionDialog } from '@/components/shell/confirm-action-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CompareGroupSummary } from '@/lib/api/compare-request';
import { deleteCompareGroup } from '@/lib/client/compare-api';
import type { ModelInfo } from '@/lib/models/types';

/** Earlier comparisons, newest first: open one again, or delete the columns nobody continued. */
export function CompareHistory({ groups, models }: { groups: CompareGroupSummary[]; models: ModelInfo[] }) {
  const router = useRouter();
  const [deleting, setDeleting] = useState<CompareGroupSummary | null>(null);
  if (groups.length === 0) return null;
  const label = (key: string) => models.find((model) => model.key === key)?.label ?? key;

  return (
    <section aria-labelledby="compare-history-title" className="space-y-2">
      <h2 id="compare-history-title" className="px-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
        Earlier comparisons
      </h2>
      <ul className="divide-y rounded-xl border" data-testid="compare-history">
        {groups.map((group) => (
          <li key={group.id} className="flex items-center gap-2 px-3 py-2" data-testid="compare-history-item">
            <Link href={`/compare/${group.id}`} className="min-w-0 flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
              <span className="flex items-center gap-1.5 truncate text-sm font-medium">
                {group.running && <Spinner label="Running" className="size-3.5 text-muted-foreground" />}
                <span className="truncate">{group.title}</span>
              </span>
              <span className="block truncate text-xs text-muted-foreground">
                {group.modelKeys.map(label).join(' · ')} · <RelativeTime timestamp={group.createdAt} />
              </span>
            </Link>
            <Button variant="ghost" size="icon-sm" aria-label={`Delete the comparison “${group.title}”`} data-testid="compare-delete" onClick={() => setDeleting(group)}>
              <Trash2Icon />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this comparison?"
        description="Its columns are deleted with their transcripts and runs. Columns you continued are normal sessions now and stay."
        confirmLabel="Delete"
        busyLabel="Deleting…"
        action={() => deleteCompareGroup(deleting!.id)}
        onDone={() => {
          setDeleting(null);
          router.refresh();
        }}
        successMessage="Comparison deleted"
        errorTitle="Could not delete the comparison"
        testId="compare-delete-dialog"
        confirmTestId="compare-delete-confirm"
      />
    </section>
  );
}
