import type { AgentUIMessageChunk } from '@/lib/agent/messages';

/** Deltas that join: the same text, reasoning or tool input, with no provider metadata of their own. */
type Delta = Extract<AgentUIMessageChunk, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;

export interface DeltaCoalescer {
  write(chunk: AgentUIMessageChunk): void;
  /** Writes what is held now (before the stream ends or pauses). */
  flush(): void;
}

function deltaKey(chunk: AgentUIMessageChunk): string | undefined {
  switch (chunk.type) {
    case 'text-delta':
    case 'reasoning-delta':
      return chunk.providerMetadata === undefined ? `${chunk.type}\0${chunk.id}` : undefined;
    case 'tool-input-delta':
      return `${chunk.type}\0${chunk.toolCallId}`;
    default:
      return undefined;
  }
}

function joined(held: Delta, next: Delta): Delta {
  if (held.type === 'tool-input-delta' && next.type === 'tool-input-delta') return { ...held, inputTextDelta: held.inputTextDelta + next.inputTextDelta };
  if (held.type !== 'tool-input-delta' && next.type !== 'tool-input-delta') return { ...held, delta: held.delta + next.delta };
  return held;
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
  let held: { chunk: Delta; key: string; since: number } | undefined;
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
      const key = deltaKey(chunk);
      if (key === undefined) {
        flush();
        emit(chunk);
        return;
      }
      const delta = chunk as Delta;
      if (held?.key === key) {
        held.chunk = joined(held.chunk, delta);
        if (now() - held.since >= maxHoldMs) flush();
        return;
      }
      flush();
      if (turn === undefined) {
        emit(delta);
        turn = setImmediate(endTurn);
        return;
      }
      held = { chunk: delta, key, since: now() };
    },
    flush() {
      if (turn !== undefined) clearImmediate(turn);
      turn = undefined;
      flush();
    },
  };
}
