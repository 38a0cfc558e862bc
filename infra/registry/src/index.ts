export { createRegistryServer, type RegistryServerOptions } from './registry-server';
export { toRegistryDocument } from './registry-document';
export { createStaticHost, type StaticHostOptions } from './static-host';
export {
  activate,
  deployBuild,
  closeStore,
  openStore,
  promoteCanary,
  publishVersion,
  readBuildFiles,
  readBuildManifest,
  registerExternal,
  rejectCanary,
  rollback,
  retire,
  transferSection,
  RegistryError,
  type RegistryPaths,
} from './operations';
export { SqliteRegistryStore, type RegistryStore, type RegistryState, type AuditEntry } from './state';
export { PgRegistryStore } from './pg-store';
export { createPreview, revokePreview } from './previews';
export { ensureLocalTeamTokens, hashToken, loadTokenConfig } from './tokens';
export { RegistryApi } from './client';
export { registryPaths } from './cli';
