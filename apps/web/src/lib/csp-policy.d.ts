export function contentSecurityPolicy(options: { dev: boolean; frameAncestors: string }): string;
export const EMBED_PATH: RegExp;
export const NOT_EMBED_SOURCE: string;
