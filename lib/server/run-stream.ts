import type { AgentUIMessageChunk } from '@/lib/agent/messages';

/**
 * The chunks of one run, kept in memory while it is active so any number of
 * readers (the POST that started it, a reload that reattaches) can replay it
 * from the start and then follow it live. The run never depends on a reader:
 * a reader that goes away just stops receiving.
 */
export class RunChunkLog {
  private readonly chunks: AgentUIMessageChunk[] = [];
  private readonly readers = new Set<ReadableStreamDefaultController<AgentUIMessageChunk>>();
  private closed = false;

  append(chunk: AgentUIMessageChunk) {
    if (this.closed) return;
    this.chunks.push(chunk);
    for (const reader of this.readers) {
      try {
        reader.enqueue(chunk);
      } catch {
        this.readers.delete(reader); // the reader was cancelled
      }
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    for (const reader of this.readers) {
      try {
        reader.close();
      } catch {
        // already closed by its consumer
      }
    }
    this.readers.clear();
  }

  /** A stream that replays everything so far, then follows live until the run ends. */
  read(): ReadableStream<AgentUIMessageChunk> {
    let self: ReadableStreamDefaultController<AgentUIMessageChunk> | undefined;
    return new ReadableStream<AgentUIMessageChunk>({
      start: (controller) => {
        self = controller;
        for (const chunk of this.chunks) controller.enqueue(chunk);
        if (this.closed) controller.close();
        else this.readers.add(controller);
      },
      cancel: () => {
        if (self) this.readers.delete(self);
      },
    });
  }
}
