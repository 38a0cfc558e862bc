import type { Knex } from 'knex';
import type { ContentApiConfig } from '../config';
import type { Engine } from '../db/database';

/** What every route module is given: the database and the configuration (never module-level state). */
export interface RouteContext {
  db: Knex;
  engine: Engine;
  config: ContentApiConfig;
}
