import { describe, expect, it } from 'vitest';
import { oembedAnswer, oembedPath, oembedResponseSchema, shareTokenOfUrl } from './oembed';

const ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const TOKEN = 'abcDEF_-0123456789xyz';

describe('shareTokenOfUrl', () => {
  it('takes a share page or its embed at one of this site origins', () => {
    expect(shareTokenOfUrl(`http://localhost:3000/s/${TOKEN}`, ORIGINS)).toBe(TOKEN);
    expect(shareTokenOfUrl(`http://127.0.0.1:3000/s/${TOKEN}/embed`, ORIGINS)).toBe(TOKEN);
    expect(shareTokenOfUrl(`http://localhost:3000/s/${TOKEN}/?problem=3`, ORIGINS)).toBe(TOKEN);
  });
  it('refuses other sites, other pages and tokens of the wrong shape', () => {
    for (const url of [
      `https://evil.example/s/${TOKEN}`,
      `http://localhost:3001/s/${TOKEN}`,
      `http://localhost:3000/studies/1`,
      `http://localhost:3000/s/${TOKEN}/preview.png`,
      'http://localhost:3000/s/short',
      `/s/${TOKEN}`,
      'not a url',
    ])
      expect(shareTokenOfUrl(url, ORIGINS), url).toBeUndefined();
  });
});

describe('oembedAnswer', () => {
  it('frames the embed at the default size, shrunk to the consumer maximum, and escapes the title', () => {
    const a = oembedAnswer({ origin: 'https://f.example', token: TOKEN, title: 'A "b" <c>' });
    expect(oembedResponseSchema.parse(a)).toEqual(a);
    expect([a.width, a.height]).toEqual([900, 700]);
    expect(a.html).toBe(
      `<iframe src="https://f.example/s/${TOKEN}/embed" width="900" height="700" style="border:0" loading="lazy" title="A &#34;b&#34; &#60;c&#62;"></iframe>`,
    );
    expect(a.thumbnail_url).toBe(`https://f.example/s/${TOKEN}/preview.png`);
    const small = oembedAnswer({
      origin: 'https://f.example',
      token: TOKEN,
      title: 't',
      maxwidth: 400,
      maxheight: 2000,
    });
    expect([small.width, small.height]).toEqual([400, 700]);
  });
  it('the discovery link asks for JSON about the page URL', () => {
    expect(oembedPath('https://f.example/s/x')).toBe('/api/oembed?url=https%3A%2F%2Ff.example%2Fs%2Fx&format=json');
  });
});
