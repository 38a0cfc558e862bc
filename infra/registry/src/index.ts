export { createRegistryServer, toRegistryDocument, type RegistryServerOptions } from './registry-server';
export { createStaticHost, type StaticHostOptions } from './static-host';
export { deployBuild, registerExternal, rollback, retire, readBuildManifest, type RegistryPaths } from './operations';
export { RegistryStateFile, type RegistryState } from './state';
