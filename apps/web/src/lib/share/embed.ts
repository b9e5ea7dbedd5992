// A share's embed (/s/TOKEN/embed): the read-only view without the site's header, for other
// sites to frame. The proxy marks its requests with this header (and strips it from any other),
// so the root layout knows to leave the chrome out.
export const EMBED_HEADER = 'x-frontier-embed';

/** The frame an oEmbed answer proposes when the consumer sets no maximum. */
export const EMBED_SIZE = { width: 900, height: 700 } as const;

export const previewImagePath = (token: string) => `/s/${token}/preview.png`;
