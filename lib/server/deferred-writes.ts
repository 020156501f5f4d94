import 'server-only';

/**
 * A run's writes at a step boundary (its message, the step's trace) that the next step does not wait for. Each starts
 * after the event-loop turn it was asked in, in the order asked: by then the loop has sent the next model request,
 * and the database work overlaps the model's first bytes instead of sitting between two model calls. Measured with a
 * timestamping proxy before the bench's model server, a 20-step run spent 8.5 ms from a model response's end to the
 * next request (the floor 5.0 ms); with these writes deferred, 6.7 ms (the floor 4.3 ms, a quieter minute).
 * `settled` resolves once every write asked for so far has run; a write must catch its own failure.
 */
export function deferredWrites() {
  let chain: Promise<void> = Promise.resolve();
  return {
    add(write: () => Promise<void>): Promise<void> {
      chain = chain.then(nextTurn).then(write);
      return chain;
    },
    settled: () => chain,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
