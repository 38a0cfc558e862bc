import type { RemoteCatalog } from '../federation/catalog';
import type { ShellConfig } from './config';
import { contentSecurityPolicy } from './csp';

// The policy depends only on the remote catalog (replaced as a whole when the registry changes) and the config.
const policies = new WeakMap<RemoteCatalog, string>();

/** The Content-Security-Policy of every page rendered with this catalog. */
export function pagePolicy(catalog: RemoteCatalog, config: ShellConfig): string {
  let policy = policies.get(catalog);
  if (policy === undefined) {
    policy = contentSecurityPolicy({
      remoteUrls: [...catalog.remotes.values()].flatMap((record) => [record.manifestUrl, record.browserEntryUrl ?? '']),
      captchaScriptUrl: config.captcha?.scriptUrl,
      analyticsEndpoint: config.analyticsEndpoint,
      mediaHosts: config.mediaHosts,
    });
    policies.set(catalog, policy);
  }
  return policy;
}
