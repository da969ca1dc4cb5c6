/** Test data for the version order's tests (here and in the server's SQL twin test). */

/** A small deterministic generator (mulberry32), so a failure reproduces. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '0',
  '1',
  '2',
  '9',
  '10',
  '011',
  '2024',
  '.',
  '.',
  '-',
  '_',
  '+',
  'v',
  'V',
  'rc',
  'RC',
  'beta',
  'a',
  ' ',
  '/',
  'é',
  '版本',
  '𝟘',
];

/** Version-like strings: SemVer ones and vendor-scheme noise, with a few non-ASCII letters. */
export function randomVersion(random: () => number): string {
  if (random() < 0.4) {
    const n = () => String(Math.floor(random() * 12));
    const pre =
      random() < 0.5
        ? `-${['rc', 'alpha', 'beta', '0', '1a'][Math.floor(random() * 5)]}${random() < 0.5 ? `.${n()}` : ''}`
        : '';
    return `${random() < 0.2 ? 'v' : ''}${n()}.${n()}.${n()}${pre}`;
  }
  let version = '';
  const length = 1 + Math.floor(random() * 7);
  for (let i = 0; i < length; i += 1) version += PIECES[Math.floor(random() * PIECES.length)];
  return version;
}
