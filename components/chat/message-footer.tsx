import { CircleStopIcon, GitForkIcon, RefreshCwIcon } from 'lucide-react';
import { BranchSwitcher } from '@/components/chat/branch-switcher';
import { IdleButton, useConversationControls, useLastMessageId } from '@/components/chat/conversation-actions';
import { ShowInInspectorButton } from '@/components/chat/show-in-inspector-button';
import { PinButton, PinnedMarker } from '@/components/context/pin-button';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { messageText, type AgentUIMessage, type UsageTotals } from '@/lib/agent/messages';
import { formatCost, formatNumber, formatTokens } from '@/lib/client/format';
import { normalizeUsage } from '@/lib/client/message-usage';
import { usePricing } from '@/components/models/pricing-context';
import { usageCost } from '@/lib/models/pricing';

function UsageLine({ usage }: { usage: UsageTotals }) {
  const approx = usage.estimated ? '≈' : '';
  const items = [
    `in ${approx}${formatTokens(usage.inputTokens)}`,
    usage.cachedInputTokens > 0 ? `cached ${approx}${formatTokens(usage.cachedInputTokens)}` : undefined,
    usage.cacheWriteTokens ? `cache write ${approx}${formatTokens(usage.cacheWriteTokens)}` : undefined,
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
          {usage.cacheWriteTokens ? (
            <>
              <span>Cache writes</span>
              <span className="text-right">{formatNumber(usage.cacheWriteTokens)}</span>
            </>
          ) : null}
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

/** What this reply cost at list prices, where the catalog knows the model's price. */
function MessageCost({ usage, modelKey }: { usage: UsageTotals; modelKey: string | undefined }) {
  const pricing = usePricing();
  const cost = modelKey && pricing ? usageCost(usage, pricing(modelKey)) : undefined;
  if (cost === undefined) return null;
  return (
    <span className="tabular-nums" data-testid="message-cost" title="At list prices (cached input and cache writes at their own rates)">
      {usage.estimated ? '≈ ' : ''}
      {formatCost(cost)}
    </span>
  );
}

/** A new answer to the same message, kept beside this one (only on the latest reply). */
function RegenerateButton({ messageId }: { messageId: string }) {
  const actions = useConversationControls();
  const lastMessageId = useLastMessageId();
  if (!actions || lastMessageId !== messageId) return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <IdleButton size="icon-xs" variant="ghost" aria-label="Regenerate" data-testid="regenerate" onClick={actions.regenerate}>
          <RefreshCwIcon />
        </IdleButton>
      </TooltipTrigger>
      <TooltipContent side="bottom">Regenerate: a new answer; this one stays as a version</TooltipContent>
    </Tooltip>
  );
}

/** "Fork from here": a new session with the conversation up to this message and the workspace as it was then. */
export function ForkButton({ messageId }: { messageId: string }) {
  const actions = useConversationControls();
  if (!actions) return null;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <IdleButton size="icon-xs" variant="ghost" aria-label="Fork from here" data-testid="fork-message" onClick={() => actions.fork(messageId)}>
          <GitForkIcon />
        </IdleButton>
      </TooltipTrigger>
      <TooltipContent side="bottom">Fork from here: a new session up to this message, with its files as they were</TooltipContent>
    </Tooltip>
  );
}

/** Below each finished assistant message: its versions, copy, regenerate, fork, pin, show in inspector, token usage and a Stopped tag. */
export function MessageFooter({ message }: { message: AgentUIMessage }) {
  const reported = message.metadata?.usage ? normalizeUsage(message.metadata.usage) : undefined;
  // A run that failed before the model answered has nothing to count.
  const usage = reported && reported.inputTokens + reported.outputTokens > 0 ? reported : undefined;
  const text = messageText(message);
  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground" data-testid="message-footer">
      <BranchSwitcher messageId={message.id} />
      {text && <CopyButton text={text} label="Copy reply" data-testid="copy-message" className="-ml-1.5" />}
      <RegenerateButton messageId={message.id} />
      <ForkButton messageId={message.id} />
      <PinButton messageId={message.id} />
      <ShowInInspectorButton runId={message.metadata?.runId} />
      <PinnedMarker messageId={message.id} />
      {message.metadata?.stopped && (
        <Badge tone="neutral" data-testid="stopped-tag">
          <CircleStopIcon aria-hidden />
          Stopped
        </Badge>
      )}
      {usage && <UsageLine usage={usage} />}
      {usage && <MessageCost usage={usage} modelKey={message.metadata?.model} />}
    </div>
  );
}
