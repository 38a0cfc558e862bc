// The contract schemas the tests check responses against (the core and every team's entry), re-exported with the validator.
export * from '@site/contracts';
export * from '@site/contracts/news';
export * from '@site/contracts/events';
export * from '@site/contracts/education';
export * from '@site/contracts/forms';
export * from '@site/contracts/search';
export type { TSchema as TSchemaLike } from '@sinclair/typebox';
