import { describe, expect, it } from 'vitest';
import { sanitiseNotesHtml } from './notes-sanitiser';

const OWN_IMAGE = '/api/editor-images/0123456789abcdef0123456789abcdef';

describe('release-notes sanitiser', () => {
  it('strips scripts, event handlers, styles and javascript: URLs', () => {
    const dirty =
      '<p onclick="steal()">Fixed <strong>boot</strong><script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(1)">' +
      `<img src="${OWN_IMAGE}" onerror="alert(1)" style="width:9999px">` +
      '<a href="javascript:alert(1)">click</a>' +
      '<a href="JaVaScRiPt:alert(1)">again</a>' +
      '<iframe src="https://evil.example"></iframe>' +
      '<style>body{display:none}</style>' +
      '<svg onload="alert(1)"><circle/></svg>';
    const clean = sanitiseNotesHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|style|svg/i);
    expect(clean).toContain('<p>Fixed <strong>boot</strong></p>');
    expect(clean).toContain(`<img src="${OWN_IMAGE}" />`);
    expect(clean).not.toContain('src="x"');
  });

  it('keeps the safe subset and makes links rel=noopener', () => {
    const html =
      '<h3>New</h3><ul><li><em>a</em></li></ul><ol><li><u>b</u> <s>c</s></li></ol>' +
      '<pre><code>ipmitool mc info</code></pre><blockquote>q</blockquote>' +
      '<table><thead><tr><th>k</th></tr></thead><tbody><tr><td colspan="2">v</td></tr></tbody></table>' +
      '<a href="https://example.com/kb" target="_blank">kb</a> <a href="mailto:support@example.com">mail</a>';
    const clean = sanitiseNotesHtml(html);
    expect(clean).toContain('<h3>New</h3><ul><li><em>a</em></li></ul>');
    expect(clean).toContain('<pre><code>ipmitool mc info</code></pre>');
    expect(clean).toContain('<td colspan="2">v</td>');
    expect(clean).toContain(
      '<a href="https://example.com/kb" target="_blank" rel="noopener noreferrer nofollow">kb</a>',
    );
    expect(clean).toContain(
      '<a href="mailto:support@example.com" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it('keeps images only from the portal own editor uploads', () => {
    for (const src of [
      'https://evil.example/track.png',
      '//evil.example/x.png',
      'data:image/png;base64,AAAA',
      '/api/sysFileInfo/preview?id=../../etc',
      '/api/editor-images/../../etc',
      `${OWN_IMAGE}&x=1`,
      `https://portal.example${OWN_IMAGE}`,
    ])
      expect(sanitiseNotesHtml(`<p>x<img src="${src}"></p>`), src).toBe('<p>x</p>');
  });

  it('rewrites an image of the old signed-in address to its public one', () => {
    expect(
      sanitiseNotesHtml('<p><img src="/api/sysFileInfo/preview?id=0123456789abcdef0123456789abcdef"></p>'),
    ).toBe(`<p><img src="${OWN_IMAGE}" /></p>`);
  });

  it('stores an empty editor document as empty text', () => {
    expect(sanitiseNotesHtml('<p><br></p>')).toBe('');
    expect(sanitiseNotesHtml('<script>x</script>')).toBe('');
  });
});
