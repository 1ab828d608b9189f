import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // The daylight-saving properties walk years of days in four zones: 10 s at a load of 15,
          // over the default 5 s; npm test runs this beside the type check and the build.
          testTimeout: 30000,
          // The files share one module graph (#28 test-suite time): each file importing the registry,
          // the dictionaries and the server's modules anew was two thirds of the step's CPU (33 s ->
          // 10.5 s, 100 s -> 21 s beside the API files). The tests keep no state between files: the
          // ones that stub fetch or localStorage set them in beforeEach and unstub in afterEach.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One embedded PostgreSQL for the run; every test file gets its own database.
          globalSetup: ['tests/api/globalSetup.ts'],
          // Room for a busy machine: a test that builds its own server (a second harness, a seeded database)
          // took over 20 s at a load of 15 with two workers.
          testTimeout: 60000,
          hookTimeout: 60000,
          // The files of a worker share one module graph, as the unit files do: each file imported the
          // server's modules anew (about 4 s of a worker per file, 81 files). Measured on this machine
          // beside other runs: 412 s -> 371 s wall at a higher load (7 against 5); all 991 tests pass.
          // A file's state is its own database and its own app instance (tests/api/harness.ts), not
          // module state.
          isolate: false,
        },
      },
      {
        test: {
          // npm run test:faults: several real server processes, one killed under load.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 300000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          // npm run test:drill (#48): the restore drill of docs/operations.md, measured (its own PostgreSQL,
          // archived, backed up, lost and restored). Not part of npm test: an operator's drill, run on demand.
          name: 'drills',
          include: ['tests/drills/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
