// Issue #31: the database settings an operator sets for a pooler, and the start line that gives the
// process's connection budget.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { connectionBudgetLine } from '../../server/database';

const URL = 'postgres://app:secret@pgbouncer.internal:6432/backoffice';
const DIRECT = 'postgres://app:secret@db.internal:5432/backoffice';

describe('database settings', () => {
  it('names statements unless a transaction pooler is said (DATABASE_POOLER=transaction) or it is told; listens where it queries unless told', () => {
    expect(loadConfig({})).toMatchObject({ databasePreparedStatements: true, databasePoolSize: 10, databaseListenUrl: undefined });
    // #49 A DATABASE_URL alone is PostgreSQL itself: named statements on; off only behind a transaction pooler said so.
    expect(loadConfig({ DATABASE_URL: URL })).toMatchObject({ databasePreparedStatements: true, databasePooler: null, databaseListenUrl: URL });
    expect(loadConfig({ DATABASE_URL: URL, DATABASE_POOLER: 'transaction' })).toMatchObject({ databasePreparedStatements: false, databasePooler: 'transaction' });
    expect(loadConfig({ DATABASE_URL: URL, DATABASE_POOLER: 'session' })).toMatchObject({ databasePreparedStatements: true, databasePooler: 'session' });
    // PgBouncer 1.21+ tracking them (max_prepared_statements): on, said explicitly.
    expect(loadConfig({ DATABASE_URL: URL, DATABASE_POOLER: 'transaction', DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: URL, DATABASE_POOLER: 'statement' })).toThrow(ConfigError);
    expect(loadConfig({ DATABASE_URL: DIRECT, DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_URL: URL, DATABASE_LISTEN_URL: DIRECT, DATABASE_POOL_SIZE: '4' })).toMatchObject({ databaseListenUrl: DIRECT, databasePoolSize: 4 });
    // A typo stops the start rather than choosing for the operator.
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'yes' })).toThrow(ConfigError);
    for (const size of ['0', '1', 'ten', '2.5']) expect(() => loadConfig({ DATABASE_POOL_SIZE: size }), size).toThrow(/DATABASE_POOL_SIZE must be a whole number of at least 2/);
  });

  it('says at start how many connections the process may open, and where', () => {
    expect(connectionBudgetLine(loadConfig({ DATABASE_URL: DIRECT, DATABASE_POOL_SIZE: '6' })))
      .toBe('database connections: at most 6 (DATABASE_POOL_SIZE) + 1 for live events; named prepared statements on (DATABASE_PREPARED_STATEMENTS)');
    expect(connectionBudgetLine(loadConfig({ DATABASE_URL: URL, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: DIRECT })))
      .toBe('database connections: at most 10 (DATABASE_POOL_SIZE) + 1 to DATABASE_LISTEN_URL for live events; named prepared statements off (DATABASE_PREPARED_STATEMENTS)');
  });
});
