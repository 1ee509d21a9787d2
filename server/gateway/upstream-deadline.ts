/**
 * Aborts an upstream call that goes quiet for `timeoutMs`: first while waiting for the headers,
 * then between two body chunks, so a long download may run as long as it keeps moving.
 * Node's fetch would otherwise wait 300 s.
 */
export class UpstreamDeadline {
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  #timer: NodeJS.Timeout | undefined;
  #expired = false;

  constructor(timeoutMs: number, clientSignal?: AbortSignal) {
    this.#timeoutMs = timeoutMs;
    // A browser that goes away should not keep the upstream busy.
    if (clientSignal?.aborted) this.#controller.abort();
    else clientSignal?.addEventListener('abort', () => this.#controller.abort(), { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True when the upstream, not the browser, was too slow. */
  get expired(): boolean {
    return this.#expired;
  }

  restart(): void {
    this.clear();
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.#controller.abort(new Error('upstream timeout'));
    }, this.#timeoutMs);
    this.#timer.unref();
  }

  clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Passes a response body through, restarting the deadline on every chunk. */
  watch(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    this.restart();
    return body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, controller) => {
          this.restart();
          controller.enqueue(chunk);
        },
        flush: () => this.clear(),
      }),
    );
  }
}
