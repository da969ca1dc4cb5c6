import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverRoot } from '../../lib/server-root';

interface SendfileAddon {
  start(
    socketFd: number,
    fileFd: number,
    offset: number,
    length: number,
    done: (errno: number | null, sent: number) => void,
  ): object;
  cancel(transfer: object): void;
}

export interface SendfileTransfer {
  /** Settles once, never rejects: bytes handed to the kernel and the errno (null: all sent). */
  readonly done: Promise<{ sent: number; error: number | null }>;
  /** Ends the transfer early (the client went away); harmless once it is done. */
  cancel(): void;
}

function loadAddon(): SendfileAddon | null {
  if (process.platform !== 'linux') return null;
  // Where scripts/build-native.mjs puts it.
  const file = path.join(serverRoot, 'native/build/sendfile.node');
  if (!existsSync(file)) return null;
  return createRequire(import.meta.url)(file) as SendfileAddon;
}

const addon = loadAddon();

/** Whether this process can hand downloads to the kernel (the addon was built and loads). */
export const sendfileAvailable = addon !== null;

/**
 * Sends `length` bytes of the open file `fileFd` from `offset` to the socket `socketFd` with
 * sendfile(2), from the event loop. The socket must have nothing queued in Node (the HTTP
 * head already flushed) and Node must not write to it until `done` settles.
 */
export function sendfileToSocket(
  socketFd: number,
  fileFd: number,
  offset: number,
  length: number,
): SendfileTransfer {
  if (!addon) throw new Error('the sendfile addon is not loaded');
  let finished = false;
  let transfer: object | undefined;
  const done = new Promise<{ sent: number; error: number | null }>((resolve) => {
    transfer = addon.start(socketFd, fileFd, offset, length, (error, sent) => {
      finished = true;
      resolve({ sent, error });
    });
  });
  return {
    done,
    cancel() {
      // The native transfer is freed once `done` has been called: never cancel after that.
      if (!finished && transfer) addon.cancel(transfer);
    },
  };
}
