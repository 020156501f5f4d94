import type { ModelMessage } from 'ai';
import type { EditableRequest } from './editable-request';
import type { ModelPauseNotice } from './messages';
import type { AgentTool } from './tool';
import type { CallSettings } from './types';

/**
 * Step mode ("pause before each model call"), one decision: right before a model call,
 * does the run stop there so the person can look at the exact request (and edit it), and,
 * in the run that continues it, which request does that one call send?
 *
 * A pause is durable like an approval: the run ends its stream with a `paused` run end and
 * the request is kept on the server (lib/server/paused-runs.ts); Continue starts a run on
 * the same message from the loop's checkpoint, whose first model call sends the released
 * request instead of pausing again. Edits apply to that one call: later calls are built
 * from the stored history as usual, and the step's trace holds the body really sent.
 *
 * Only the agent's own model calls pause; the summary after the iteration limit does not
 * (it is the run's forced last word, with tools off, and nothing continues after it).
 */

/** What the run stopped before: the call and its exact request (every tool on, the settings it would send). */
export interface PendingModelCall {
  stepNumber: number;
  modelCall: number;
  request: EditableRequest;
}

/** The paused call as the person let it go: the request it sends, once, edited or not. */
export interface ReleasedModelCall {
  stepNumber: number;
  modelCall: number;
  request: EditableRequest;
  edited: boolean;
  /** An edited call: the request as it paused, before the edit (for the trace's record of it). */
  original?: EditableRequest;
}

/** The request one model step sends (loop-step.ts's StepRequest, without the summary's toolChoice). */
export interface GatedRequest {
  instructions: string;
  tools: readonly AgentTool[];
  messages: readonly ModelMessage[];
  /** Sampling settings; absent: the run's. */
  callSettings?: CallSettings;
}

export type GateDecision = { kind: 'send'; request: GatedRequest; released?: ReleasedModelCall } | { kind: 'pause'; call: PendingModelCall };

export class StepGate {
  private release: ReleasedModelCall | undefined;

  /** `pauseEnabled`: the session's pauseBeforeModelCall setting; `release`: the call this run continues (RunChain.release). */
  constructor(
    private readonly pauseEnabled: boolean,
    release?: ReleasedModelCall,
  ) {
    this.release = release;
  }

  /** Called once per model call with the request the loop built (after hooks, the tool cap and compaction). */
  decide(built: GatedRequest, at: { stepNumber: number; modelCall: number }): GateDecision {
    const release = this.release;
    if (release) {
      // The continued call goes out once, as released; the next one may pause again.
      this.release = undefined;
      return { kind: 'send', request: releasedRequest(built, release.request), released: release };
    }
    if (!this.pauseEnabled) return { kind: 'send', request: built };
    return { kind: 'pause', call: { ...at, request: pendingRequest(built) } };
  }
}

/** The built request as the person sees it: instructions, messages, every tool switched on, the sampling settings it sends. */
function pendingRequest(built: GatedRequest): EditableRequest {
  return {
    instructions: built.instructions,
    messages: built.messages.map(plainUserText),
    tools: built.tools.map((tool) => ({ name: tool.name, enabled: true })),
    settings: { ...built.callSettings },
  };
}

/**
 * A user message of one plain text part as its text, to read and edit as text (the request
 * editor shows any other content as JSON). Providers get the same body either way.
 */
function plainUserText(message: ModelMessage): ModelMessage {
  if (message.role !== 'user' || typeof message.content === 'string' || message.content.length !== 1) return message;
  const [part] = message.content;
  return part.type === 'text' && !part.providerOptions ? { ...message, content: part.text } : message;
}

/**
 * The released request over the one the continuing run built: its instructions, messages
 * and sampling settings (the server kept only those the model takes), and the run's tools
 * that it keeps switched on (a tool cannot be added, and one gone since the pause stays gone).
 */
function releasedRequest(built: GatedRequest, request: EditableRequest): GatedRequest {
  const enabled = new Set(request.tools.filter((tool) => tool.enabled).map((tool) => tool.name));
  return { instructions: request.instructions, messages: request.messages, tools: built.tools.filter((tool) => enabled.has(tool.name)), callSettings: request.settings };
}

/** The transcript's record of the call: where it stands, and the size of the request it waits with (or sent). */
export function pauseNotice(
  at: { stepNumber: number; modelCall: number },
  request: { messages: readonly unknown[]; tools: readonly unknown[] },
  state: ModelPauseNotice['state'],
  edited?: boolean,
): ModelPauseNotice {
  return {
    stepNumber: at.stepNumber,
    modelCall: at.modelCall,
    state,
    messageCount: request.messages.length,
    toolCount: request.tools.length,
    ...(edited ? { edited: true } : {}),
  };
}
