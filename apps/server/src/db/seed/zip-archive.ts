import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a hand-written ZIP. */
export type ZipEntry = {
  name: string;
  content: Buffer;
  /** Deflated at this level (1 to 9); stored as is without one. */
  level?: number;
  /** An extra field, written in the central directory only. */
  extra?: Buffer;
  /** The unpacked size the ZIP claims (a test's bomb lies); the real one by default. */
  declaredSize?: number;
};

/** The signatures that open each record: "PK\3\4", "PK\1\2", "PK\5\6". */
const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50 };
/** General purpose flag bit 11: the names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** What extracting needs (and, in the central directory, what wrote it): ZIP 2.0. */
const ZIP_VERSION = 20;

/**
 * A ZIP of these entries, written by hand, for the demo catalogue's payloads and the tests of
 * what reads ZIPs (a hostile file's headers say what its author wants): the one place that knows
 * the layout of the local headers, the central directory and its end.
 */
export function zipArchive(entries: ZipEntry[], options: { utf8Names?: boolean } = {}): Buffer {
  const flags = options.utf8Names ? UTF8_NAMES : 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, level, extra = Buffer.alloc(0), declaredSize = content.length } of entries) {
    const data = level === undefined ? content : deflateRawSync(content, { level });
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    // From "version needed" to the name's length both headers hold the same fields in the same
    // order; the central one has "version made by" before them. Time and date stay zero.
    const writeSharedFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(ZIP_VERSION, at);
      header.writeUInt16LE(flags, at + 2);
      header.writeUInt16LE(level === undefined ? 0 : 8, at + 4); // stored or deflated
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(declaredSize, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(SIGNATURE.local, 0);
    writeSharedFields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(SIGNATURE.central, 0);
    central.writeUInt16LE(ZIP_VERSION, 4);
    writeSharedFields(central, 6);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName, extra);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(SIGNATURE.end, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
