import { SparklesIcon } from 'lucide-react';
import { ExamplePrompts } from '@/components/chat/example-prompts';

/** A session without messages: what the agent can do, and three tasks to start from. */
export function EmptySession({ onPick, demo }: { onPick: (text: string) => void; demo: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-5 px-1 py-10 text-center sm:py-16" data-testid="empty-session">
      <div className="flex size-11 items-center justify-center rounded-xl border bg-muted/60">
        <SparklesIcon className="size-5 text-muted-foreground" />
      </div>
      <div className="space-y-2">
        <h2 className="text-xl font-semibold tracking-tight">Give the agent a task</h2>
        <p className="mx-auto max-w-lg text-sm leading-relaxed text-muted-foreground">
          It thinks, calls tools and answers, and you watch each step as it happens: reasoning, tool calls as cards, and token usage. Open
          the Inspector to see the exact request sent to the model at every step.
        </p>
        {demo && (
          <p className="mx-auto max-w-lg text-xs text-muted-foreground">
            This session uses the <span className="font-medium text-foreground">offline demo model</span>: its answers are scripted and no
            key is needed.
          </p>
        )}
      </div>
      <ExamplePrompts onPick={onPick} />
    </div>
  );
}
