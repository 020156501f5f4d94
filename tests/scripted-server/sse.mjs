// @ts-check
// SSE framing + pacing for one HTTP response. Every scenario writes through
// this so that disconnect handling (abort tests, `slow`) lives in one place.

/** Thrown by `send` once the client is gone, so scenario loops unwind. */
export class ClientGone extends Error {
  constructor() {
    super('client disconnected');
    this.name = 'ClientGone';
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

export class SseStream {
  /**
   * @param {import('node:http').ServerResponse} res
   * @param {{ delayMs?: number, onSchedule?: boolean }} [opts] onSchedule: frame n goes out at n × delayMs after the
   *   first (a late frame is followed by the ones due, at once), not delayMs after the one before it: a busy machine
   *   does not lower the rate
   */
  constructor(res, opts = {}) {
    this.res = res;
    this.delayMs = opts.delayMs ?? 0;
    this.onSchedule = opts.onSchedule ?? false;
    /** When the next frame is due (performance clock), pacing on schedule. */
    this.dueAt = 0;
    this.framesSent = 0;
    this.gone = false;
    // 'close' before we called end() means the client went away (abort, reset).
    res.on('close', () => {
      if (!res.writableFinished) this.gone = true;
    });
  }

  /** Writes status + SSE headers. */
  open(status = 200, extraHeaders = {}) {
    this.res.writeHead(status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...extraHeaders,
    });
    // Flush headers now so the client's fetch() resolves before the first frame.
    this.res.flushHeaders();
  }

  /**
   * Sends one frame (`event:` line only for the Responses API), pacing with
   * delayMs *before* every frame but the first.
   * @param {unknown} data object (JSON-encoded) or a raw string payload
   * @param {string} [event]
   * @param {(payload: string) => string} [atSend] last edit of the payload, after the pause (send-time stamps)
   */
  async send(data, event, atSend) {
    if (this.delayMs > 0 && this.framesSent > 0) await sleep(this.onSchedule ? (this.dueAt += this.delayMs) - performance.now() : this.delayMs);
    else if (this.framesSent === 0) this.dueAt = performance.now();
    const encoded = typeof data === 'string' ? data : JSON.stringify(data);
    const payload = atSend ? atSend(encoded) : encoded;
    await this.writeRaw(`${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`);
  }

  /** Writes bytes verbatim (replay). Respects backpressure. */
  async writeRaw(/** @type {string | Buffer} */ chunk) {
    if (this.gone || this.res.destroyed) throw new ClientGone();
    this.framesSent++;
    if (!this.res.write(chunk)) {
      await new Promise((resolve) => {
        const done = () => {
          this.res.off('drain', done);
          this.res.off('close', done);
          resolve(undefined);
        };
        this.res.on('drain', done);
        this.res.on('close', done);
      });
    }
    if (this.gone) throw new ClientGone();
  }

  /** Waits `ms` (used between replay frames) and bails out if the client left. */
  async pause(/** @type {number} */ ms) {
    if (ms > 0) await sleep(ms);
    if (this.gone) throw new ClientGone();
  }

  /** Resolves when the client goes away (a stall holds the connection open until then). */
  untilGone() {
    if (this.gone || this.res.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.res.once('close', () => resolve(undefined)));
  }

  end() {
    if (!this.res.destroyed) this.res.end();
  }

  /** Simulates a dropped connection: no terminal frame, socket torn down. */
  drop() {
    this.res.socket?.destroy();
    this.res.destroy();
  }
}
