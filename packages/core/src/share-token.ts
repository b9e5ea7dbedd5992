/** A share link's token (base64url, see the web app's createShare): the part after /s/ of a link. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
