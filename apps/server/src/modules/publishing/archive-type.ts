/** The archive types a catalogue version may be: by name and by the first bytes of the content. */
export type ArchiveType = {
  /** Label used in messages. */
  label: string;
  extensions: string[];
  contentType: string;
  /** How much of the head `matches` needs (default HEAD_BYTES). */
  headBytes?: number;
  /** True when the head of the file (at least headBytes, or the whole file if shorter) is this type. */
  matches: (head: Buffer) => boolean;
};

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/** Bytes needed to decide every type: the tar magic sits at offset 257. */
export const HEAD_BYTES = 262;

export const ARCHIVE_TYPES: ArchiveType[] = [
  {
    label: 'tar.gz',
    // Checked before '.tar' would be: '.tar.gz' also ends with '.gz', never with '.tar'.
    extensions: ['.tar.gz', '.tgz'],
    contentType: 'application/gzip',
    matches: (head) => startsWith(head, [0x1f, 0x8b]),
  },
  {
    label: 'tar',
    extensions: ['.tar'],
    contentType: 'application/x-tar',
    // POSIX "ustar\0" and the old GNU "ustar  " both start with these five bytes.
    matches: (head) => startsWith(head, [0x75, 0x73, 0x74, 0x61, 0x72], 257),
  },
  {
    label: 'zip',
    extensions: ['.zip'],
    contentType: 'application/zip',
    // A local file header, or the end-of-central-directory record of an empty archive.
    matches: (head) =>
      startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]),
  },
  {
    label: 'rar',
    extensions: ['.rar'],
    contentType: 'application/vnd.rar',
    // "Rar!\x1a\x07": RAR 4 (then 0x00) and RAR 5 (then 0x01 0x00).
    matches: (head) => startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]),
  },
];

/** The archive type a file name claims, or null when its extension is not allowed. */
export function archiveTypeOfName(fileName: string): ArchiveType | null {
  const lower = fileName.toLowerCase();
  return ARCHIVE_TYPES.find((type) => type.extensions.some((ext) => lower.endsWith(ext))) ?? null;
}

export const ALLOWED_ARCHIVES = '.tar, .tar.gz, .tgz, .zip, .rar';
