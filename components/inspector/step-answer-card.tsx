import { Badge } from '@/components/ui/badge';
import { JsonBlock } from '@/components/agent/json-block';
import type { StepAnswer } from '@/lib/api/step-debugger';
import { formatDuration, formatNumber } from '@/lib/client/format';

/** One model answer in the replay's side-by-side view: text, reasoning, tool calls (shown, never run), usage and duration. */
export function StepAnswerCard({ title, answer, testId }: { title: string; answer: StepAnswer; testId: string }) {
  const approx = answer.usage?.estimated ? '≈' : '';
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-lg border bg-background/60 p-2.5" data-testid={testId} data-model={answer.modelKey} aria-label={`${title}: ${answer.modelKey}`}>
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="font-medium">{title}</span>
        <span className="truncate font-mono text-muted-foreground" title={answer.modelKey}>
          {answer.modelKey}
        </span>
        {answer.finishReason && <Badge tone={answer.finishReason === 'error' ? 'danger' : 'neutral'}>{answer.finishReason}</Badge>}
      </header>
      <p className="text-xs text-muted-foreground tabular-nums" data-testid={`${testId}-stats`}>
        {answer.durationMs !== null ? formatDuration(answer.durationMs) : '—'}
        {answer.usage && ` · ${approx}${formatNumber(answer.usage.inputTokens)} in / ${approx}${formatNumber(answer.usage.outputTokens)} out`}
      </p>
      {answer.error && <p className="text-xs text-destructive">{answer.error}</p>}
      {answer.reasoning && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">Reasoning</summary>
          <p className="mt-1 whitespace-pre-wrap">{answer.reasoning}</p>
        </details>
      )}
      {answer.text ? (
        <p className="text-sm break-words whitespace-pre-wrap" data-testid={`${testId}-text`}>
          {answer.text}
        </p>
      ) : (
        !answer.error && answer.toolCalls.length === 0 && <p className="text-xs text-muted-foreground">No text.</p>
      )}
      {answer.toolCalls.map((call) => (
        <JsonBlock key={call.toolCallId} label={`Tool call · ${call.toolName} (not run)`} value={call.input} maxHeightClass="max-h-40" data-testid={`${testId}-tool-call`} />
      ))}
    </section>
  );
}
