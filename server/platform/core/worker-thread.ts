import { Worker } from 'node:worker_threads';

/**
 * A worker thread for work that must not hold the platform's event loop (counting a long
 * prompt's tokens, parsing a large CSV): started on first use, stopped once it has had nothing
 * to do for `idleMs` (what it holds goes with it). Its messages go to `answer`; when it fails or
 * exits, `gone` hears why, and the next `post` starts another.
 */
export class WorkerThread<Request, Answer> {
  private worker: Worker | undefined;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: URL,
    /** What the thread does, for the reasons `gone` hears ("The token counter"). */
    private readonly name: string,
    private readonly idleMs: number,
    private readonly answer: (answer: Answer) => void,
    private readonly gone: (why: string) => void,
    /** Whether work is still pending (the thread is not stopped meanwhile). */
    private readonly busy: () => boolean,
  ) {}

  post(request: Request) {
    clearTimeout(this.idle);
    this.start().postMessage(request);
  }

  /** Nothing is pending: the thread stops after idleMs unless work comes. */
  rest() {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.stop(), this.idleMs);
    this.idle.unref();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.file);
    worker.unref();
    worker.on('message', (answer: Answer) => this.answer(answer));
    const gone = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.gone(why);
    };
    worker.on('error', (error) => gone(`${this.name} failed: ${error.message}`));
    worker.on('exit', (code) => gone(`${this.name} stopped (exit ${code})`));
    this.worker = worker;
    return worker;
  }

  private async stop() {
    const worker = this.worker;
    if (!worker || this.busy()) return;
    this.worker = undefined;
    await worker.terminate();
  }
}

/**
 * A worker thread that answers each request once, by its id, one at a time in the order asked:
 * `ask` settles with the request's answer, or fails with why the thread went (a failure or an
 * exit); it stops once nothing is pending for `idleMs`.
 */
export class AnsweringThread<Request, Answer extends { id: number }> {
  private readonly pending = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private readonly thread: WorkerThread<Request & { id: number }, Answer>;

  constructor(file: URL, name: string, idleMs: number) {
    this.thread = new WorkerThread<Request & { id: number }, Answer>(
      file,
      name,
      idleMs,
      (answer) => {
        const waiter = this.pending.get(answer.id);
        if (!waiter) return;
        this.pending.delete(answer.id);
        waiter.resolve(answer);
        if (this.pending.size === 0) this.thread.rest();
      },
      (why) => {
        for (const waiter of this.pending.values()) waiter.reject(new Error(why));
        this.pending.clear();
      },
      () => this.pending.size > 0,
    );
  }

  ask(request: Request): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.thread.post({ ...request, id });
    });
  }
}
