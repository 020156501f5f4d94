'use client';

import { lazyPart } from '@/components/ui/lazy-part';
import { useState } from 'react';
import { getToolOrDynamicToolName } from 'ai';
import { ChevronRightIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { useApprovalActions, useToolDecision, useToolEdit } from '@/components/agent/approval-context';
import { ApprovalPrompt } from '@/components/agent/approval-prompt';
import { ElapsedTime } from '@/components/agent/elapsed-time';
import { ToolDecision } from '@/components/agent/tool-decision';
import { ToolEditNote } from '@/components/agent/tool-edit-note';
import { ToolLogLines, ToolProgressBar, useToolProgress } from '@/components/agent/tool-progress';
import { JsonBlock } from '@/components/agent/json-block';
import { isRichToolOutput, withoutImageData } from '@/lib/agent/rich-output';
import { parseMcpToolName } from '@/lib/mcp/names';
import { displayInput, inputPreview, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { toolRendererFor } from '@/components/agent/tool-registry';
import { displayStateOf, TOOL_STATE_STYLES, ToolStateBadge, type ToolDisplayState } from '@/components/agent/tool-state';
import { useActivityTiming } from '@/lib/client/activity-timings';
import { cn } from '@/lib/utils';
import { VisibleText } from '@/components/ui/visible-text';

/** The renderers' output views (tool-renderers/tool-outputs.tsx) as the pointer or focus reaches a card's toggle. */
const preloadToolOutputs = () => void import('@/components/agent/tool-renderers/tool-outputs');

/** MCP results with images, links or resources: their own chunk, fetched when a card shows one. */
const RichOutputView = lazyPart(() => import('@/components/agent/tool-renderers/rich-output-view').then((module) => module.RichOutputView));

/**
 * One tool call: plain-words name, live state and elapsed time in the header;
 * input and output behind a toggle, so a long run of calls stays scannable.
 * A call in flight shows its input as it arrives; once it is over the card
 * folds to its one line, and a click opens it again. A click always wins: a
 * card someone opened or closed stays that way. Errors and approval requests
 * show their one-line reason without opening.
 */
export function ToolCard({ part: streamedPart, messageStreaming }: { part: ToolPart; messageStreaming: boolean }) {
  const edit = useToolEdit(streamedPart.toolCallId);
  // The arguments that ran: the stored part holds them, a live stream only has them in the edit record.
  const part = edit && streamedPart.state !== 'approval-requested' ? ({ ...streamedPart, input: edit.input } as ToolPart) : streamedPart;
  const toolName = getToolOrDynamicToolName(part);
  const renderer = toolRendererFor(toolName, part.title);
  const state = displayStateOf(part.state, messageStreaming);
  const style = TOOL_STATE_STYLES[state];
  const timing = useActivityTiming(`tool:${part.toolCallId}`, style.active);
  // Unset until someone clicks: then their choice, else open exactly while the call is live.
  const [chosenOpen, setOpen] = useState<boolean>();
  const open = chosenOpen ?? style.active;
  const decision = useToolDecision(part.toolCallId);
  const progress = useToolProgress(part.toolCallId);

  const input = displayInput(part);
  const preview = inputPreview(input.value);

  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <div
        data-testid="tool-card"
        data-tool-name={toolName}
        data-state={part.state}
        data-tool-call-id={part.toolCallId}
        data-edited={edit ? 'true' : undefined}
        className={cn(
          'overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-colors',
          state === 'output-error' && 'border-destructive/30',
          state === 'approval-requested' && 'border-warning/40',
        )}
      >
        <CollapsibleTrigger
          onPointerEnter={preloadToolOutputs}
          onFocus={preloadToolOutputs}
          data-testid="tool-toggle"
          title={`${open ? 'Hide' : 'Show'} input and output`}
          className="flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          {/* The name is what the header shows, after what pressing it does (WCAG 2.5.3, label in name). */}
          <span className="sr-only">{open ? 'Hide' : 'Show'} details of </span>
          <ToolCardHeader part={part} renderer={renderer} preview={preview} state={state} timing={timing} running={style.active} open={open} />
        </CollapsibleTrigger>

        {part.state === 'output-error' && !open && (
          <p className="line-clamp-2 border-t border-destructive/15 bg-destructive/5 px-3 py-1.5 text-xs text-destructive" data-testid="tool-error">
            {part.errorText}
          </p>
        )}
        {part.state === 'approval-requested' && <ToolApprovalRow part={part} toolName={toolName} toolTitle={renderer.title} />}
        {progress && style.active && <ToolProgressBar progress={progress} />}
        {decision && part.state !== 'approval-requested' && <ToolDecision decision={decision} />}
        {edit && part.state !== 'approval-requested' && <ToolEditNote edit={edit} />}

        <CollapsibleContent>
          <div className="flex flex-col gap-3 border-t px-3 py-3">
            <ToolNameLine toolName={toolName} />
            <JsonBlock
              label={input.raw ? 'Input (raw text, not valid JSON)' : 'Input'}
              value={input.value}
              copyLabel="Copy input"
              data-testid="tool-input"
              maxHeightClass="max-h-60"
            />
            <ToolOutput part={part} renderer={renderer} />
            {progress?.logs && <ToolLogLines logs={progress.logs} />}
          </div>
        </CollapsibleContent>
      </div>
    </Collapsible>
  );
}

function ToolOutput({ part, renderer }: { part: ToolPart; renderer: ReturnType<typeof toolRendererFor> }) {
  if (part.state === 'output-error') {
    return <JsonBlock label="Error" tone="danger" value={part.errorText} copyLabel="Copy error" data-testid="tool-output" />;
  }
  if (part.state === 'output-denied') {
    return (
      <div data-testid="tool-output" className="rounded-lg border border-warning/30 bg-warning/10 px-3 py-2 text-xs text-warning-text">
        Not run: the call was denied{part.approval.reason ? ` (${part.approval.reason})` : '.'}
      </div>
    );
  }
  if (part.state !== 'output-available') {
    return (
      <div data-testid="tool-output" className="text-xs text-muted-foreground italic">
        No output yet.
      </div>
    );
  }
  // Images, links, resources and structured content (an MCP result) are drawn as what they are, for any tool.
  if (isRichToolOutput(part.output)) {
    return (
      <div className="flex flex-col gap-2" data-testid="tool-output">
        <RichOutputView output={part.output} />
        <details className="text-xs">
          <summary className="cursor-pointer text-[11px] font-medium tracking-wide text-muted-foreground uppercase select-none">Raw output</summary>
          <JsonBlock value={withoutImageData(part.output)} copyLabel="Copy output" className="mt-1" />
        </details>
      </div>
    );
  }
  const Custom = renderer.Output;
  return (
    <div className="flex flex-col gap-2" data-testid="tool-output">
      {Custom && <Custom part={part} />}
      <JsonBlock label={Custom ? 'Raw output' : 'Output'} value={part.output} copyLabel="Copy output" />
    </div>
  );
}

/** The exact name the model called, and for an MCP tool its server: titles are for reading, names for knowing. */
function ToolNameLine({ toolName }: { toolName: string }) {
  const mcp = parseMcpToolName(toolName);
  return (
    <p className="text-xs text-muted-foreground" data-testid="tool-name">
      Tool <code className="font-mono text-foreground">{toolName}</code>
      {mcp && (
        <>
          {' '}
          · <span className="font-mono">{mcp.tool}</span> on MCP server <span className="font-medium text-foreground">{mcp.server}</span>
        </>
      )}
    </p>
  );
}

/** The card's one line: icon, title, badge, a summary of the call, elapsed time, state and the chevron. */
function ToolCardHeader({
  part,
  renderer,
  preview,
  state,
  timing,
  running,
  open,
}: {
  part: ToolPart;
  renderer: ToolRenderer;
  preview: string | undefined;
  state: ToolDisplayState;
  timing: ReturnType<typeof useActivityTiming>;
  running: boolean;
  open: boolean;
}) {
  const Summary = renderer.Summary;
  return (
    <>
    <span className="flex size-6 shrink-0 items-center justify-center rounded-md border bg-muted/60 text-muted-foreground">
      <renderer.Icon className="size-3.5" aria-hidden />
    </span>
    <span className="min-w-16 shrink truncate font-medium" data-testid="tool-title" title={getToolOrDynamicToolName(part)}>
      <VisibleText text={renderer.title} />
    </span>
    {renderer.badge && (
      // On a phone the title needs the room; the server is named in the details.
      <Badge tone="outline" className="hidden font-normal text-muted-foreground sm:inline-flex" data-testid="tool-badge">
        <VisibleText text={renderer.badge} />
      </Badge>
    )}
    <span className="min-w-0 flex-1 truncate text-[13px] text-muted-foreground">
      {Summary ? <Summary part={part} /> : preview && <span className="font-mono text-xs"><VisibleText text={preview} /></span>}
    </span>
    <ElapsedTime timing={timing} running={running} className="shrink-0 whitespace-nowrap" />
    <ToolStateBadge state={state} />
    <ChevronRightIcon className={cn('size-4 shrink-0 text-muted-foreground transition-transform duration-150', open && 'rotate-90')} aria-hidden />
    </>
  );
}

/** A call waiting for an answer: the prompt while it can be answered, else why it never ran. */
/**
 * Reads the approval actions itself: they change when a run starts or ends (`canAnswer`), and every loaded tool card
 * reading them would render again then; only a call that waits for an answer needs them.
 */
function ToolApprovalRow({ part, toolName, toolTitle }: { part: Extract<ToolPart, { state: 'approval-requested' }>; toolName: string; toolTitle: string }) {
  const actions = useApprovalActions();
  if (actions?.pendingIds.includes(part.approval.id)) {
    return (
      <ApprovalPrompt
        approvalId={part.approval.id}
        toolName={toolName}
        toolTitle={toolTitle}
        input={part.input}
        requestReason={part.approval.requestReason}
        actions={actions}
      />
    );
  }
  return (
    <p className="border-t border-warning/20 bg-warning/10 px-3 py-1.5 text-xs text-warning-text">
      {actions ? 'Not answered before the conversation moved on; the call did not run.' : (part.approval.requestReason ?? 'This call waits for your approval.')}
    </p>
  );
}
