import { readConfig, type ShellConfig } from './config';
import { scrubSecrets } from './secrets';

/**
 * The shell's configuration, read once from the environment, which is then emptied of secrets: what the shell keeps
 * lives in the configuration object (module closures, never a global), before any team's server code is loaded.
 */
export function takeShellConfig(env: NodeJS.ProcessEnv = process.env): { config: ShellConfig; scrubbed: string[] } {
  const config = readConfig(env);
  return { config, scrubbed: scrubSecrets(env) };
}
