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
  private seq = 0;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  begin(): ThreadHash {
    return new ThreadHash(this, (this.nextId += 1));
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

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (message: { seq: number; value?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.seq);
      this.pending.delete(message.seq);
      if (this.pending.size === 0) worker.unref();
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.value);
    });
    const fail = (error: Error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
      this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`hash thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

const thread = new HashThread();

/** One SHA-256 kept on the hash thread. Fed in order; a buffer must stay as it is until its update settles. */
export class ThreadHash {
  private readonly owner: HashThread;
  private readonly id: number;

  constructor(owner: HashThread, id: number) {
    this.owner = owner;
    this.id = id;
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
    return this.owner.ask(this.id, request).then(() => undefined);
  }

  /** A whole file's bytes (what a resumed transfer already holds), read on the thread. */
  updateFromFile(path: string): Promise<void> {
    return this.owner.ask(this.id, { op: 'file', path }).then(() => undefined);
  }

  /** The hex digest; the hash is gone after it. */
  digest(): Promise<string> {
    return this.owner.ask(this.id, { op: 'digest' }) as Promise<string>;
  }

  /** Starts over: the bytes fed so far are forgotten. */
  restart(): void {
    this.drop();
  }

  /** Forgets the hash unfinished (after a digest: nothing left to forget). */
  drop(): void {
    this.owner.ask(this.id, { op: 'drop' }).catch(() => undefined);
  }
}

/** A SHA-256 on the hash thread. */
export const threadHash = (): ThreadHash => thread.begin();
