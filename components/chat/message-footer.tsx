import { CircleStopIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { AgentUIMessage, UsageTotals } from '@/lib/agent/messages';
import { formatNumber, formatTokens } from '@/lib/client/format';
import { messageText, normalizeUsage } from '@/lib/client/message-usage';

function UsageLine({ usage }: { usage: UsageTotals }) {
  const approx = usage.estimated ? '≈' : '';
  const items = [
    `in ${approx}${formatTokens(usage.inputTokens)}`,
    usage.cachedInputTokens > 0 ? `cached ${approx}${formatTokens(usage.cachedInputTokens)}` : undefined,
    `out ${approx}${formatTokens(usage.outputTokens)}`,
    usage.reasoningTokens > 0 ? `reasoning ${approx}${formatTokens(usage.reasoningTokens)}` : undefined,
  ].filter(Boolean);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="cursor-default tabular-nums" data-testid="message-usage" tabIndex={0}>
          {items.join(' · ')} tokens
        </span>
      </TooltipTrigger>
      <TooltipContent side="bottom">
        <div className="grid grid-cols-[auto_auto] gap-x-3 tabular-nums">
          <span>Input</span>
          <span className="text-right">{formatNumber(usage.inputTokens)}</span>
          <span>Cached input</span>
          <span className="text-right">{formatNumber(usage.cachedInputTokens)}</span>
          <span>Output</span>
          <span className="text-right">{formatNumber(usage.outputTokens)}</span>
          <span>Reasoning</span>
          <span className="text-right">{formatNumber(usage.reasoningTokens)}</span>
        </div>
        {usage.estimated && <p className="mt-1 opacity-80">≈ estimated: the provider did not report every figure.</p>}
      </TooltipContent>
    </Tooltip>
  );
}

/** Below each finished assistant message: its token usage, a Stopped tag, and copy. */
export function MessageFooter({ message }: { message: AgentUIMessage }) {
  const reported = message.metadata?.usage ? normalizeUsage(message.metadata.usage) : undefined;
  // A run that failed before the model answered has nothing to count.
  const usage = reported && reported.inputTokens + reported.outputTokens > 0 ? reported : undefined;
  const text = messageText(message);
  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground" data-testid="message-footer">
      {text && <CopyButton text={text} label="Copy reply" data-testid="copy-message" className="-ml-1.5" />}
      {message.metadata?.stopped && (
        <Badge tone="neutral" data-testid="stopped-tag">
          <CircleStopIcon aria-hidden />
          Stopped
        </Badge>
      )}
      {usage && <UsageLine usage={usage} />}
    </div>
  );
}
