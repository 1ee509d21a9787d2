/**
 * Aborts an upstream call that goes quiet for `timeoutMs`: first while waiting for the headers,
 * then between two body chunks, so a long download may run as long as it keeps moving.
 * Node's fetch would otherwise wait 300 s. An event stream is let go once its headers arrive
 * ({@link release}): it may be quiet between events for as long as its producer likes.
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

  /**
   * Passes an event stream's body on with the deadline no longer applying (its headers came).
   * The browser going away still ends the upstream call (through {@link signal}); the body then
   * ends quietly rather than as an error the server would log for every closed tab.
   */
  release(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    this.clear();
    const reader = body.getReader();
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (this.#controller.signal.aborted && !this.#expired) controller.close();
          else controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
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
