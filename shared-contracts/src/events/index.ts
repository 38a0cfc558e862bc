import type { TeamContract } from '../team-contract';
import contract from './contract.json';

/** The events team's data contract (see TeamContract for its compatibility rule); the
 * version lives in `contract.json`, where the build reads it for the remote's manifest. */
export const EVENTS_CONTRACT: TeamContract = contract;

export * from './events';
export { eventIsOver } from './event-is-over';
