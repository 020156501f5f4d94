import { BanIcon, CheckIcon, CircleDashedIcon, CircleSlashIcon, Loader2Icon, ShieldQuestionIcon, ShieldCheckIcon, XIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The seven states of a tool part, as the AI SDK names them. */
export type ToolState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied';

/** What the card shows when the message ended while a call was still open (stopped, crashed). */
export type ToolDisplayState = ToolState | 'interrupted';

interface ToolStateStyle {
  label: string;
  Icon: LucideIcon;
  tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger';
  /** The call is in flight: the card shows a live timer and stays open. */
  active: boolean;
  spin?: boolean;
}

/** The one mapping from tool state to label, icon and tone. */
export const TOOL_STATE_STYLES: Record<ToolDisplayState, ToolStateStyle> = {
  'input-streaming': { label: 'Preparing', Icon: Loader2Icon, tone: 'neutral', active: true, spin: true },
  'input-available': { label: 'Running', Icon: Loader2Icon, tone: 'info', active: true, spin: true },
  'approval-requested': { label: 'Needs approval', Icon: ShieldQuestionIcon, tone: 'warning', active: false },
  'approval-responded': { label: 'Answered', Icon: ShieldCheckIcon, tone: 'info', active: true },
  'output-available': { label: 'Done', Icon: CheckIcon, tone: 'success', active: false },
  'output-error': { label: 'Error', Icon: XIcon, tone: 'danger', active: false },
  'output-denied': { label: 'Denied', Icon: BanIcon, tone: 'warning', active: false },
  interrupted: { label: 'Not finished', Icon: CircleSlashIcon, tone: 'neutral', active: false },
};

/** A call that is still open in a message that no longer streams was cut off. */
export function displayStateOf(state: ToolState, messageStreaming: boolean): ToolDisplayState {
  return !messageStreaming && TOOL_STATE_STYLES[state].active ? 'interrupted' : state;
}

export function ToolStateBadge({ state, className }: { state: ToolDisplayState; className?: string }) {
  const style = TOOL_STATE_STYLES[state] ?? { label: state, Icon: CircleDashedIcon, tone: 'neutral' as const };
  return (
    <Badge tone={style.tone} className={className} data-testid="tool-state">
      <style.Icon className={cn(style.spin && 'animate-spin')} aria-hidden />
      {style.label}
    </Badge>
  );
}
