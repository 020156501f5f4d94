import type { AgentUIMessageChunk } from '@/lib/agent/messages';

/** Deltas that join: the same text, reasoning or tool input, with no provider metadata of their own. */
type Delta = Extract<AgentUIMessageChunk, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

export interface DeltaCoalescer {
  write(chunk: AgentUIMessageChunk): void;
  /** Writes what is held now (before the stream ends or pauses). */
  flush(): void;
}

function isJoinable(chunk: AgentUIMessageChunk): chunk is Delta {
  if (chunk.type === 'tool-input-delta') return true;
  return (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') && chunk.providerMetadata === undefined;
}

/** `next` joined onto `held` when both belong to the same text, reasoning or tool input; undefined otherwise. */
function joined(held: Delta, next: Delta): Delta | undefined {
  if (held.type === 'tool-input-delta') {
    return next.type === 'tool-input-delta' && next.toolCallId === held.toolCallId ? { ...held, inputTextDelta: held.inputTextDelta + next.inputTextDelta } : undefined;
  }
  return next.type === held.type && next.id === held.id ? { ...held, delta: held.delta + next.delta } : undefined;
}

/**
 * Writes a run's chunks, joining deltas that arrive in a burst. A delta goes out at once when none went out in this
 * turn of the event loop; deltas of the same text that follow it in the same turn are held and go out as one chunk when
 * the turn ends (setImmediate), when `maxHoldMs` has passed, or before any other chunk. An idle server therefore
 * writes every token as it comes; a busy one, whose socket reads bring many tokens of a stream at once, writes each
 * stream's burst as one chunk, and everything after this point (the UI message stream, the run log, the event
 * stream, the socket and the browser's parse) does its per-chunk work once per burst instead of once per token.
 */
export function coalesceDeltas(
  emit: (chunk: AgentUIMessageChunk) => void,
  { maxHoldMs = 10, now = () => performance.now() }: { maxHoldMs?: number; now?: () => number } = {},
): DeltaCoalescer {
  let held: { chunk: Delta; since: number } | undefined;
  /** A turn of the event loop in which a delta went out: the next ones are held. */
  let turn: ReturnType<typeof setImmediate> | undefined;

  const flush = () => {
    if (!held) return;
    const { chunk } = held;
    held = undefined;
    emit(chunk);
  };
  const endTurn = () => {
    turn = undefined;
    flush();
  };

  return {
    write(chunk) {
      if (!isJoinable(chunk)) {
        flush();
        emit(chunk);
        return;
      }
      const both = held && joined(held.chunk, chunk);
      if (held && both) {
        held.chunk = both;
        if (now() - held.since >= maxHoldMs) flush();
        return;
      }
      flush();
      if (turn === undefined) {
        emit(chunk);
        turn = setImmediate(endTurn);
        return;
      }
      held = { chunk, since: now() };
    },
    flush() {
      if (turn !== undefined) clearImmediate(turn);
      turn = undefined;
      flush();
    },
  };
}
