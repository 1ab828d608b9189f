// What every module receives from buildApp: the database, the configuration and the mailer.
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './platform/mail';

export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
}
