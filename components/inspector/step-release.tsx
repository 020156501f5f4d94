'use client';

import { PauseIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { RequestDiffView } from '@/components/inspector/request-diff-view';
import type { ReleaseRecord } from '@/lib/agent/trace';

/** Step mode's mark on a step: the call was paused before it was sent, then let go as is or edited. */
export function StepReleaseBadge({ released }: { released: ReleaseRecord }) {
  return (
    <Badge tone={released.edited ? 'warning' : 'info'} data-testid="step-released" data-edited={released.edited}>
      <PauseIcon aria-hidden />
      {released.edited ? 'paused, edited before sending' : 'paused, released as is'}
    </Badge>
  );
}

/** The edit has both sides recorded (traces from before it was kept say only that there was one). */
export function hasRecordedEdit(released: ReleaseRecord | undefined): released is Required<ReleaseRecord> {
  return Boolean(released?.edited && released.original && released.request);
}

/** What the person changed in the paused request before letting it go: the request as it paused → as it was sent. */
export function ReleasedEditDiff({ released, onClose }: { released: Required<ReleaseRecord>; onClose: () => void }) {
  return (
    <RequestDiffView
      label="The edit made while paused"
      autoScroll={false}
      steps={[
        { key: 'paused', label: 'As paused', request: released.original, startedAt: '0' },
        { key: 'sent', label: 'As sent', request: released.request, startedAt: '1' },
      ]}
      onClose={onClose}
    />
  );
}
