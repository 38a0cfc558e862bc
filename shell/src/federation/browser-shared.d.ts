/** The shared modules the browser shell provides to remotes, generated at build time by @site/build-preset (shared.js). */
declare module 'virtual:site-browser-shared' {
  const shared: Record<string, { version: string; lib: () => unknown; shareConfig: { singleton: boolean; requiredVersion: string } }>;
  export default shared;
}
