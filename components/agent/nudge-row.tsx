import { RepeatIcon, FlagIcon, ListTodoIcon } from 'lucide-react';
import type { NudgeNotice } from '@/lib/agent/messages';

const NUDGE_KINDS: Record<NudgeNotice['kind'], { label: string; Icon: typeof RepeatIcon }> = {
  'loop-guard': { label: 'Loop guard', Icon: RepeatIcon },
  'done-tool': { label: 'Reminder', Icon: FlagIcon },
  'unfinished-work': { label: 'Unfinished work', Icon: ListTodoIcon },
};

/** A note the loop slipped into the conversation, e.g. "Loop guard: You are repeating calculator(…)". */
export function NudgeRow({ nudge }: { nudge: NudgeNotice }) {
  const kind = NUDGE_KINDS[nudge.kind] ?? { label: 'Note', Icon: RepeatIcon };
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-dashed px-3 py-1.5 text-xs text-muted-foreground"
      data-testid="nudge"
      data-kind={nudge.kind}
      role="note"
    >
      <kind.Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">
        <span className="font-medium text-foreground/80">{kind.label}:</span> {nudge.message}
        {nudge.count && !nudge.message.includes(String(nudge.count)) ? <span className="opacity-75"> ({nudge.count}×)</span> : null}
      </p>
    </div>
  );
}
