import type { AgentUIMessageChunk } from './messages';

/**
 * Writes one step's chunks. `start-step` is sent lazily, just before the
 * step's first chunk: until then nothing of the step is visible, which is what
 * makes a failed attempt safe to retry. `finish` closes any text or reasoning
 * part left open (cancel, error) and sends `finish-step`.
 */
export class StepWriter {
  private started = false;
  private finished = false;
  private readonly openText = new Set<string>();
  private readonly openReasoning = new Set<string>();

  constructor(private readonly sink: (chunk: AgentUIMessageChunk) => void) {}

  /** True once anything of this step was sent to the user. */
  get hasOutput(): boolean {
    return this.started;
  }

  write(chunk: AgentUIMessageChunk): void {
    if (this.finished) throw new Error('StepWriter: write after finish-step');
    if (!this.started) {
      this.started = true;
      this.sink({ type: 'start-step' });
    }
    this.track(chunk);
    this.sink(chunk);
  }

  /**
   * Withdraws everything the step has shown since its `start-step` (a failed
   * attempt's partial answer): the SDK's message processor removes those parts,
   * on the client and wherever the server assembles the message.
   */
  reset(): void {
    if (this.finished) throw new Error('StepWriter: reset after finish-step');
    if (!this.started) return;
    this.openText.clear();
    this.openReasoning.clear();
    this.sink({ type: 'reset-step' });
  }

  /** Ends text and reasoning parts that never got their end chunk (so they are not left "streaming"). */
  closeOpenParts(): void {
    for (const id of [...this.openReasoning]) this.write({ type: 'reasoning-end', id });
    for (const id of [...this.openText]) this.write({ type: 'text-end', id });
  }

  /** Sends `finish-step` if the step showed anything; returns whether it did. */
  finish(): boolean {
    if (this.finished) return false;
    this.closeOpenParts();
    this.finished = true;
    if (!this.started) return false;
    this.sink({ type: 'finish-step' });
    return true;
  }

  private track(chunk: AgentUIMessageChunk): void {
    switch (chunk.type) {
      case 'text-start':
        this.openText.add(chunk.id);
        break;
      case 'text-end':
        this.openText.delete(chunk.id);
        break;
      case 'reasoning-start':
        this.openReasoning.add(chunk.id);
        break;
      case 'reasoning-end':
        this.openReasoning.delete(chunk.id);
        break;
    }
  }
}
