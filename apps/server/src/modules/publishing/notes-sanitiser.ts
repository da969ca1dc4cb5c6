import { EDITOR_IMAGE_URL_PREFIX, LEGACY_EDITOR_IMAGE_URL_PREFIX } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';

/** Editor images this portal stored itself: `/api/editor-images/<hex id>`. */
const isOwnImageUrl = (src: string) =>
  src.startsWith(EDITOR_IMAGE_URL_PREFIX) &&
  /^[0-9a-f]{16,64}$/.test(src.slice(EDITOR_IMAGE_URL_PREFIX.length));

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'a',
    'img',
    'code',
    'pre',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Editors emit <h1>/<h2> too; the release notes sit under the page's own headings.
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    // Notes written before images became public name them by their old, signed-in address.
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.src?.startsWith(LEGACY_EDITOR_IMAGE_URL_PREFIX)
          ? { src: EDITOR_IMAGE_URL_PREFIX + attribs.src.slice(LEGACY_EDITOR_IMAGE_URL_PREFIX.length) }
          : {}),
      },
    }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer nofollow',
        ...(attribs.target ? { target: '_blank' } : {}),
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImageUrl(frame.attribs.src ?? ''),
};

/**
 * The rich-text release notes as stored and shown: a safe subset of HTML (no
 * scripts, event handlers, styles or javascript: URLs; links http/https/mailto
 * with rel=noopener; images only from this portal's editor uploads).
 */
export function sanitiseNotesHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor's empty document is "<p><br></p>": store it as empty.
  return clean.replace(/<p>(<br \/>|<br>|\s)*<\/p>/g, '').trim() === '' ? '' : clean;
}
