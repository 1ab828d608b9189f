// #47 A guest's data on request (152-FZ): the kinds of a person's request and their legal due dates,
// the states a request is in, the retention setting's range and what an erased value reads as. Both
// sides read these: the server (server/modules/people) and the screens (src/resources/people,
// data_requests). No React, no Node.
import type { EnumLabels } from './enumLabels';

/**
 * What a person asks: to see their data (152-FZ art. 14 part 3 and art. 20 part 1: an answer within
 * 10 working days), or a withdrawal of their consent (art. 21 part 5: the data destroyed within 30
 * days once no law requires keeping them).
 */
export const DATA_REQUEST_KINDS = ['access', 'withdrawal'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_KIND_LABELS = {
  access: { ru: 'Запрос сведений', en: 'Access request' },
  withdrawal: { ru: 'Отзыв согласия', en: 'Consent withdrawal' },
} as const satisfies EnumLabels;

/** The legal term of each kind: working days (Monday to Friday, the country's holidays off) or calendar days. */
export const DATA_REQUEST_TERMS: Record<DataRequestKind, { days: number; working: boolean }> = {
  access: { days: 10, working: true },
  withdrawal: { days: 30, working: false },
};

/** A request's state as the list shows it: open (due later or today), overdue (open past its due day), done. */
export const DATA_REQUEST_STATES = ['open', 'overdue', 'done'] as const;
export type DataRequestState = (typeof DATA_REQUEST_STATES)[number];

export const DATA_REQUEST_STATE_LABELS = {
  open: { ru: 'Открыт', en: 'Open' },
  overdue: { ru: 'Просрочен', en: 'Overdue' },
  done: { ru: 'Выполнен', en: 'Done' },
} as const satisfies EnumLabels;

/** How a request was done: the person's data exported, erased, or closed by hand with a comment. */
export const DATA_REQUEST_CLOSED_HOW = ['exported', 'erased', 'closed'] as const;
export const DATA_REQUEST_CLOSED_HOW_LABELS = {
  exported: { ru: 'Данные выгружены', en: 'Data exported' },
  erased: { ru: 'Данные удалены', en: 'Data erased' },
  closed: { ru: 'Закрыт вручную', en: 'Closed by hand' },
} as const satisfies EnumLabels;

/** The retention setting: erase guests' data this many months after their last session (null: never). */
export const RETENTION_MONTHS = { min: 1, max: 120 } as const;

/** What an erased name reads as (a name is required on an order; the dash says "none" in both languages). */
export const ERASED_NAME = '—';
/** What an erased value reads as inside a text (a log line, a message, a comment). */
export const ERASED_MARK = '***';

/** The shortest name that is erased inside free texts too: a shorter one would hit other words. */
export const MIN_ERASED_NAME_LENGTH = 3;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The day a request received on `received` (YYYY-MM-DD) is due: `days` calendar days later, or the
 * `days`-th working day after it (the day received does not count), skipping Saturdays, Sundays and
 * the `holidays` given (the location's country's, YYYY-MM-DD).
 */
export function dataRequestDueOn(kind: DataRequestKind, received: string, holidays: ReadonlySet<string> = new Set()): string {
  const term = DATA_REQUEST_TERMS[kind];
  let ms = Date.parse(`${received}T00:00:00Z`);
  if (!term.working) return isoDay(ms + term.days * DAY_MS);
  for (let left = term.days; left > 0;) {
    ms += DAY_MS;
    const weekday = new Date(ms).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(isoDay(ms))) left--;
  }
  return isoDay(ms);
}

/** A request's state on the location's `today`. */
export function dataRequestState(status: string, dueOn: string, today: string): DataRequestState {
  if (status === 'done') return 'done';
  return dueOn < today ? 'overdue' : 'open';
}
