/**
 * A team's own data contract: the shapes of the data its sections load, in an entry point of its own
 * (`@site/contracts/<team>`). A remote builds its team's entry into its own bundle (only the core `@site/contracts`
 * is a federation singleton), so a change to those shapes ships with the team's remote and needs no shell release.
 * The build records the version in the remote's manifest (`site.teamContract`); the shell and the registry check
 * only the core contracts version.
 *
 * The team's compatibility rule: a minor version adds optional fields only, so the content API may send them before
 * the remote reads them and a remote reading them still renders data without them; a major version removes or retypes
 * a field, and the team deploys its remote together with the content API that serves the new shape.
 */
export interface TeamContract {
  /** The team whose remote owns this contract. */
  team: string;
  /** The contract's own semantic version, independent of the core contracts version. */
  version: string;
}
