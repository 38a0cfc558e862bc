export { createRegistryServer, toRegistryDocument, type RegistryServerOptions } from './registry-server';
export { createStaticHost, type StaticHostOptions } from './static-host';
export {
  activate,
  deployBuild,
  openStore,
  publishVersion,
  readBuildFiles,
  readBuildManifest,
  registerExternal,
  rollback,
  retire,
  transferSection,
  RegistryError,
  type RegistryPaths,
} from './operations';
export { RegistryStore, type RegistryState, type AuditEntry } from './state';
export { ensureLocalTeamTokens, hashToken, loadTokenConfig } from './tokens';
export { RegistryApi } from './client';
export { registryPaths } from './cli';
