import { Worker } from 'node:worker_threads';

/**
 * The thread's code, as a script rather than a file: a single executable has no file to start a
 * worker from. Each SHA-256 it keeps is fed the bytes of a shared buffer (no copy) or of a file,
 * in the order asked, and answers each request by its number.
 */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
const hashes = new Map();
const chains = new Map();
const hashOf = (id) => {
  if (!hashes.has(id)) hashes.set(id, createHash('sha256'));
  return hashes.get(id);
};
async function handle(m) {
  if (m.op === 'update') hashOf(m.id).update(new Uint8Array(m.buffer, m.offset, m.length));
  else if (m.op === 'file')
    for await (const chunk of createReadStream(m.path, { highWaterMark: 1 << 20 })) hashOf(m.id).update(chunk);
  else if (m.op === 'digest') {
    const hex = hashOf(m.id).digest('hex');
    hashes.delete(m.id);
    return hex;
  } else hashes.delete(m.id);
  return null;
}
// One hash's requests run in order (a file is read whole before the bytes that follow it).
parentPort.on('message', (m) => {
  const run = (chains.get(m.id) || Promise.resolve()).then(() => handle(m)).then(
    (value) => parentPort.postMessage({ seq: m.seq, value }),
    (error) => parentPort.postMessage({ seq: m.seq, error: String((error && error.message) || error) }),
  );
  chains.set(m.id, run);
  run.then(() => { if (chains.get(m.id) === run) chains.delete(m.id); });
});
`;

type Request =
  | { op: 'update'; buffer: SharedArrayBuffer; offset: number; length: number }
  | { op: 'file'; path: string }
  | { op: 'digest' }
  | { op: 'drop' };

/**
 * SHA-256 on a thread of its own. A mirror hashes every byte it fetches (1.1-1.4 s for 1.5 GiB),
 * and on the main thread that work queued behind the reads and writes it could run beside: here
 * it runs on another core while the next MiB arrives. The thread is started on first use and
 * keeps the process alive only while it has work.
 */
class HashThread {
  private worker: Worker | null = null;
  /** Counts the threads started: a hash lives in one, and is lost with it. */
  private generation = 0;
  private seq = 0;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  begin(): ThreadHash {
    return new ThreadHash(this, (this.nextId += 1));
  }

  /** Starts the thread if it is not running; the generation a request sent now goes to. */
  running(): number {
    this.started();
    return this.generation;
  }

  ask(id: number, request: Request): Promise<unknown> {
    const worker = this.started();
    const seq = (this.seq += 1);
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.postMessage({ ...request, id, seq });
    });
  }

  /**
   * Ends the thread as a crash would (every request it holds fails, every hash it kept is lost);
   * the next hash starts a new one. For the tests of what a crash does to a transfer.
   */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lose(worker, new Error('hash thread stopped'));
    await worker.terminate();
  }

  /** `worker` is gone: what it held fails. A thread that was already replaced changes nothing. */
  private lose(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    this.generation += 1;
    worker.unref();
    worker.on('message', (message: { seq: number; value?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      if (this.pending.size === 0) worker.unref();
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.value);
    });
    // 'exit' follows 'error': by then a new thread may hold new requests, which must not fail with it.
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`hash thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

const thread = new HashThread();

/** One SHA-256 kept on the hash thread. Fed in order; a buffer must stay as it is until its update settles. */
export class ThreadHash {
  private readonly owner: HashThread;
  private readonly id: number;
  /** The thread this hash lives in, from its first request on. */
  private generation: number | null = null;

  constructor(owner: HashThread, id: number) {
    this.owner = owner;
    this.id = id;
  }

  /**
   * A request to this hash's thread. Once that thread is gone, the bytes fed so far went with it: a
   * request then fails (a plain error, so a transfer resumes from its `.part`, hashing it anew)
   * rather than go on in a new thread from nothing and end in a false mismatch.
   */
  private ask(request: Request): Promise<unknown> {
    const running = this.owner.running();
    this.generation ??= running;
    if (this.generation !== running) return Promise.reject(new Error('hash thread restarted'));
    return this.owner.ask(this.id, request);
  }

  /** Bytes of a shared buffer (a view of a SharedArrayBuffer): no copy crosses to the thread. */
  update(bytes: Buffer): Promise<void> {
    if (!(bytes.buffer instanceof SharedArrayBuffer))
      throw new TypeError('a shared buffer is hashed on the thread');
    const request = {
      op: 'update',
      buffer: bytes.buffer,
      offset: bytes.byteOffset,
      length: bytes.length,
    } as const;
    return this.ask(request).then(() => undefined);
  }

  /** A whole file's bytes (what a resumed transfer already holds), read on the thread. */
  updateFromFile(path: string): Promise<void> {
    return this.ask({ op: 'file', path }).then(() => undefined);
  }

  /** The hex digest; the hash is gone after it. */
  digest(): Promise<string> {
    return this.ask({ op: 'digest' }) as Promise<string>;
  }

  /** Starts over: the bytes fed so far are forgotten (in whichever thread runs now). */
  restart(): void {
    this.drop();
    this.generation = null;
  }

  /** Forgets the hash unfinished (after a digest, or with its thread gone: nothing left to forget). */
  drop(): void {
    if (this.generation === null) return;
    this.ask({ op: 'drop' }).catch(() => undefined);
  }
}

/** A SHA-256 on the hash thread. */
export const threadHash = (): ThreadHash => thread.begin();

/** Ends the hash thread as a crash would: see HashThread.stop. */
export const stopHashThread = (): Promise<void> => thread.stop();
