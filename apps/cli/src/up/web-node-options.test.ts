import { describe, expect, it } from 'vitest';
import { WEB_NODE_OPTIONS, webServerEnv } from './web-node-options';

describe("the web server's Node options", () => {
  it('adds the young-generation size to whatever NODE_OPTIONS the user set, and changes nothing else', () => {
    expect(webServerEnv({ PORT: '3000' })).toEqual({ PORT: '3000', NODE_OPTIONS: WEB_NODE_OPTIONS });
    expect(webServerEnv({ NODE_OPTIONS: '--max-old-space-size=4096' }).NODE_OPTIONS).toBe(
      `--max-old-space-size=4096 ${WEB_NODE_OPTIONS}`,
    );
    expect(WEB_NODE_OPTIONS).toMatch(/^--max-semi-space-size=\d+$/);
  });
});
