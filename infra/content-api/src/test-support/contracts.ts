// The contract schemas the tests check responses against, re-exported with the validator.
export * from '@site/contracts';
export type { TSchema as TSchemaLike } from '@sinclair/typebox';
