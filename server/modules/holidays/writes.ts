// A location's country's holiday calendar (role id 40 at the location): POST /api/v2.1/holidays/
// (location, date, kind, name), DELETE /api/v2.1/holidays/{id}/?location=. Every location of the
// country re-reads its days (a live `schedule` event).
import { z } from 'zod';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { Holiday } from '../../platform/answers';
import { dateSchema, idNumber, idText } from '../../platform/validation';
import { defineWrite, type ExampleContext } from '../../platform/writes';
import * as holidays from './service';

const tags = ['holidays'];

export const addHoliday = defineWrite({
  records: { activity: 'holiday.created', live: ['schedule'] },
  kind: 'create', path: '/api/v2.1/holidays/', summary: 'Add a holiday', tags, access: { minRole: 40 }, answersAlso: { notFound: true },
  fields: { location: idNumber(), date: dateSchema, kind: z.enum(['holiday', 'pre_holiday']), name: z.string().trim().max(TEXT_LIMITS.itemName).default('') },
  answer: Holiday,
  // #41 The generated tests: at their location; the days they sample are in 2040 (SAMPLE_YEAR of tests/api/writeMaker.ts).
  examples: { location: (at: ExampleContext) => at.location },
  readBack: {
    path: '/api/v2.1/holidays/?location=:location&year=2040',
    unread: { location: 'names the location whose country the day is added to: a holiday is its country\'s (`country`), listed for each of its locations' },
  },
  run: ({ db, user, body }) => holidays.addHoliday(db, user.id, body),
});
export const removeHoliday = defineWrite({
  records: { activity: 'holiday.deleted', live: ['schedule'] },
  kind: 'delete', path: '/api/v2.1/holidays/:id/', summary: 'Delete a holiday', tags, access: { minRole: 40 },
  query: z.strictObject({ location: idText() }), answer: null,
  examples: { location: (at: ExampleContext) => at.location },
  run: ({ db, user, params, query }) => holidays.removeHoliday(db, user.id, params.id, query.location),
});
