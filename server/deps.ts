// What every module receives from buildApp: the database, the configuration and the mailer.
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './platform/mail';

export interface Deps {
  db: Db;
  /** The pool behind db, for what Drizzle does not do (server-side cursors for CSV). */
  pool: pg.Pool;
  config: Config;
  mailer: Mailer;
}
