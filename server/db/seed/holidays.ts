// Official holidays of the demo countries for a year; the days before them are pre-holidays.
import { addDays, isoWeekday } from '../../../domain/businessDay';

function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  let d = `${year}-${String(month).padStart(2, '0')}-01`;
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return addDays(d, 7 * (n - 1));
}

function lastWeekday(year: number, month: number, weekday: number): string {
  let d = addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`.replace(`${year}-13`, `${year + 1}-01`), -1);
  while (isoWeekday(d) !== weekday) d = addDays(d, -1);
  return d;
}

const md = (year: number, monthDay: string) => `${year}-${monthDay}`;

export function officialHolidays(country: 'russia' | 'usa' | 'kazakhstan', year: number): { date: string; name: string }[] {
  switch (country) {
    case 'russia':
      return [
        ...['01', '02', '03', '04', '05', '06', '07', '08'].map((d) => ({ date: md(year, `01-${d}`), name: d === '07' ? 'Рождество Христово' : 'Новогодние каникулы' })),
        { date: md(year, '02-23'), name: 'День защитника Отечества' },
        { date: md(year, '03-08'), name: 'Международный женский день' },
        { date: md(year, '05-01'), name: 'Праздник Весны и Труда' },
        { date: md(year, '05-09'), name: 'День Победы' },
        { date: md(year, '06-12'), name: 'День России' },
        { date: md(year, '11-04'), name: 'День народного единства' },
      ];
    case 'usa':
      return [
        { date: md(year, '01-01'), name: "New Year's Day" },
        { date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day' },
        { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
        { date: lastWeekday(year, 5, 1), name: 'Memorial Day' },
        { date: md(year, '06-19'), name: 'Juneteenth' },
        { date: md(year, '07-04'), name: 'Independence Day' },
        { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
        { date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
        { date: md(year, '11-11'), name: 'Veterans Day' },
        { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
        { date: md(year, '12-25'), name: 'Christmas Day' },
      ];
    case 'kazakhstan':
      return [
        { date: md(year, '01-01'), name: 'Жаңа жыл' }, { date: md(year, '01-02'), name: 'Жаңа жыл' },
        { date: md(year, '01-07'), name: 'Рождество' }, { date: md(year, '03-08'), name: 'Международный женский день' },
        { date: md(year, '03-21'), name: 'Наурыз' }, { date: md(year, '03-22'), name: 'Наурыз' }, { date: md(year, '03-23'), name: 'Наурыз' },
        { date: md(year, '05-01'), name: 'Праздник единства народа Казахстана' }, { date: md(year, '05-07'), name: 'День защитника Отечества' },
        { date: md(year, '05-09'), name: 'День Победы' }, { date: md(year, '07-06'), name: 'День столицы' },
        { date: md(year, '08-30'), name: 'День Конституции' }, { date: md(year, '10-25'), name: 'День Республики' },
        { date: md(year, '12-16'), name: 'День Независимости' },
      ];
  }
}

/** Holidays plus pre-holidays (the day before a holiday that is not a holiday itself). */
export function holidayCalendar(country: 'russia' | 'usa' | 'kazakhstan', years: number[]) {
  const days = years.flatMap((y) => officialHolidays(country, y));
  const holidaySet = new Set(days.map((d) => d.date));
  const pre = days
    .map((d) => ({ date: addDays(d.date, -1), name: d.name }))
    .filter((d) => !holidaySet.has(d.date))
    .filter((d, i, all) => all.findIndex((x) => x.date === d.date) === i);
  return [
    ...days.map((d) => ({ ...d, kind: 'holiday' as const })),
    ...pre.map((d) => ({ ...d, kind: 'pre_holiday' as const })),
  ];
}
