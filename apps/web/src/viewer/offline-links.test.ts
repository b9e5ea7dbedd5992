import { afterEach, describe, expect, it } from 'vitest';
import { offlineHref, OFFLINE_HOME, setLiveOrigin } from './offline-links';

describe('offlineHref', () => {
  afterEach(() => setLiveOrigin(null));

  it('keeps links inside the file in its hash', () => {
    expect(offlineHref(`${OFFLINE_HOME}?problem=3&checkpoint=4`)).toBe('#view?problem=3&checkpoint=4');
  });

  it('sends links to the live study to the site the copy came from, or nowhere', () => {
    expect(offlineHref('/studies/1/problems/3')).toBeNull();
    setLiveOrigin('https://frontier.lab.example');
    expect(offlineHref('/studies/1/problems/3')).toBe('https://frontier.lab.example/studies/1/problems/3');
    // A protocol-relative path is not this site's.
    expect(offlineHref('//evil.example/x')).toBeNull();
  });
});
