import { describe, expect, it } from 'vitest';
import { offlineHtml, scriptSafeJson, type OfflineDocument } from './offline-html';

const viewer = { js: 'window.started = true;', css: 'body { color: black; }' };
const meta: Omit<OfflineDocument, 'payload'> = {
  studyId: 3,
  studyName: '</script><script>alert(1)</script>',
  view: '/studies/3/matrix?sort=gap',
  pinnedAt: '2026-12-07T16:38:18.512Z',
  dataVersion: 7,
  token: null,
  origin: null,
};

/** The text of the document's JSON script element, as an HTML parser would end it: at the first `</script`. */
function documentJson(html: string): string {
  const start = html.indexOf('<script type="application/json" id="frontier-document">');
  const body = html.slice(html.indexOf('>', start) + 1);
  return body.slice(0, body.search(/<\/script/i));
}

describe('offlineHtml', () => {
  it('keeps a study name or payload string that says </script> inside its JSON element', () => {
    const payload = { note: 'a </SCRIPT > and <!-- and \u2028 line', n: [1, 2] };
    const html = offlineHtml(viewer, meta, JSON.stringify(payload));
    const parsed = JSON.parse(documentJson(html)) as OfflineDocument;
    expect(parsed).toEqual({ ...meta, payload });
    // Exactly the two script elements of the template: nothing in the data opened another.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html).not.toContain('\u2028');
  });

  it('escapes the title and keeps the viewer whole even if its code mentions </script>', () => {
    const html = offlineHtml(
      { js: 'const s = "</script>", c = "<!--";', css: 'a::after { content: "</style>"; }' },
      meta,
      '{}',
    );
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · offline copy');
    expect(html).toContain('const s = "<\\/script>", c = "\\x3C!--";');
    expect(html).toContain('content: "<\\/style>"');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('refuses every network source in its content security policy', () => {
    const html = offlineHtml(viewer, meta, '{}');
    expect(html).toMatch(/default-src 'none'/);
    expect(html).not.toMatch(/https?:\/\//);
  });
});

describe('scriptSafeJson', () => {
  it('means the same JSON', () => {
    const value = { a: '<b>&</b>', c: '\u2029' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
