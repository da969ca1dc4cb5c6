/** A feed as Atom 1.0 (RFC 4287) needs it; every string is escaped when written. */
export type AtomFeed = {
  id: string;
  title: string;
  subtitle: string;
  updated: Date;
  selfUrl: string;
  alternateUrl: string;
  language: string;
  entries: AtomEntry[];
};

export type AtomEntry = {
  id: string;
  title: string;
  updated: Date;
  published: Date;
  summary: string;
  /** The page to read about it (rel=alternate). */
  pageUrl: string;
  /** The file (rel=enclosure); absent for a recalled version, which can no longer be downloaded. */
  download?: { url: string; title: string; type: string; length: number };
  categories: string[];
};

// XML 1.0 forbids these characters outright, escaped or not: drop them rather than break the feed.
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');

function entryXml(entry: AtomEntry): string {
  const lines = [
    '<entry>',
    element('id', entry.id),
    element('title', entry.title),
    element('updated', entry.updated.toISOString()),
    element('published', entry.published.toISOString()),
    `<link${attributes({ rel: 'alternate', type: 'text/html', href: entry.pageUrl })}/>`,
  ];
  if (entry.download) {
    const { url, title, type, length } = entry.download;
    lines.push(`<link${attributes({ rel: 'enclosure', type, length, title, href: url })}/>`);
  }
  for (const term of entry.categories) lines.push(`<category${attributes({ term })}/>`);
  lines.push(`<summary type="text">${escapeXml(entry.summary)}</summary>`, '</entry>');
  return lines.join('\n');
}

export function writeAtom(feed: AtomFeed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${attributes({ 'xml:lang': feed.language })}>`,
    element('id', feed.id),
    element('title', feed.title),
    element('subtitle', feed.subtitle),
    element('updated', feed.updated.toISOString()),
    `<link${attributes({ rel: 'self', type: 'application/atom+xml', href: feed.selfUrl })}/>`,
    `<link${attributes({ rel: 'alternate', type: 'text/html', href: feed.alternateUrl })}/>`,
    `<author>${element('name', feed.title)}</author>`,
    element('generator', 'FirmwarePortal'),
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
