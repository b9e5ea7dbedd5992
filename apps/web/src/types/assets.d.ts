// Font files are emitted as static assets (the `*.ttf` rule in next.config.ts): importing one
// gives its URL.
declare module '*.ttf' {
  const url: string;
  export default url;
}
