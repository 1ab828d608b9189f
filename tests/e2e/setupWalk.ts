// #42 The owner's walk from an empty database to a paid walk-in, every step reached from the setup
// checklist (never a typed address): the setup link (read from the server's log, as the README says),
// the owner, the first location found by its city, a playground, its group, a schedule with a price,
// a cashier invited, and a walk-in booked and paid in cash from the calendar. Its clicks are counted
// as the issue counts them: one per click, tap or field focus; typing is not (a field the screen has
// already focused costs nothing). setup.spec.ts runs it in ru and en and holds it to 45.
import { expect, type Locator, type Page } from '@playwright/test';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import type { Lang } from './helpers';

/** A text of the app's dictionary in `lang`, its %{arguments} filled. */
export const say = (lang: Lang, key: string, args: Record<string, string> = {}): string => {
  const text = key.split('.').reduce<any>((node, part) => node?.[part], lang === 'ru' ? ruMessages : enMessages) as string;
  if (typeof text !== 'string') throw new Error(`no text ${key}`);
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => args[name] ?? '');
};

/** A field's accessible name: its label, with the star of a required one. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/** The counted person: each click, tap and field focus is one; typing is free. */
export class Clicks {
  count = 0;
  readonly steps: string[] = [];
  constructor(readonly page: Page) {}

  async click(target: Locator, what: string) {
    this.count++;
    this.steps.push(what);
    await target.click();
  }

  /** Types into a field: a focus unless the screen has put the cursor there already. */
  async type(field: Locator, text: string, what: string) {
    if (!await field.evaluate((el) => el === document.activeElement)) {
      this.count++;
      this.steps.push(what);
    }
    await field.fill(text);
  }
}

/** The list of locations by the header's link; on a phone the header's menu holds it. */
async function toLocations(c: Clicks, lang: Lang) {
  const { page } = c;
  const name = say(lang, 'app.header.locations');
  const link = page.getByRole('banner').getByRole('link', { name, exact: true });
  if (!await link.isVisible()) await c.click(page.getByRole('button', { name: say(lang, 'app.header.menu') }), 'the menu');
  await c.click(link.or(page.getByRole('presentation').getByRole('link', { name, exact: true })).first(), 'the locations');
  await expect(page).toHaveURL(/\/locations$/);
}

export interface WalkResult { clicks: Clicks; locationId: number; orderId: number }

/** From the setup link to the walk-in paid in cash, as the owner does it, in `lang`. */
export async function ownerWalk(page: Page, setupLink: string, lang: Lang, cashierEmail: string): Promise<WalkResult> {
  const c = new Clicks(page);
  await page.goto(setupLink);
  if (lang === 'en') await c.click(page.getByRole('button', { name: 'EN' }), 'language');

  // The owner.
  await expect(page.getByRole('heading', { name: say(lang, 'app.setup.title') })).toBeVisible();
  await c.type(page.getByLabel(say(lang, 'app.setup.name')), 'Olga Owner', 'owner name');
  await c.type(page.getByLabel(say(lang, 'app.setup.email')), 'owner@example.com', 'owner e-mail');
  await c.type(page.getByLabel(say(lang, 'app.setup.password')).first(), 'owner123', 'password');
  await c.type(page.getByLabel(say(lang, 'app.setup.confirm')), 'owner123', 'password again');
  await c.click(page.getByRole('button', { name: say(lang, 'app.setup.submit') }), 'create the owner');

  // The first location: its name and its city; the city gives the zone, the country and the currency.
  await expect(page.getByRole('heading', { name: say(lang, 'app.setup.firstLocation') })).toBeVisible();
  await c.type(page.getByLabel(say(lang, 'app.locationSettings.fields.name')), 'VR Moscow', 'location name');
  await c.type(page.getByLabel(say(lang, 'app.locationSettings.fields.city')), lang === 'ru' ? 'Москва' : 'Moscow', 'city');
  await expect(page.getByTestId('timezone-input')).toHaveValue(/Europe\/Moscow/);
  await expect(page.getByLabel(say(lang, 'app.locationSettings.fields.country'))).toHaveValue(lang === 'ru' ? 'Россия' : 'Russia');
  await expect(page.getByRole('combobox', { name: field(say(lang, 'app.locationSettings.fields.currency')) })).toHaveValue(/^RUB/);
  await c.click(page.getByRole('button', { name: say(lang, 'app.locationSettings.create') }), 'create the location');

  // The start page: the location's checklist, nothing sells yet.
  await expect(page).toHaveURL(/\/locations$/);
  const checklist = page.getByTestId('readiness').first();
  await expect(checklist).toHaveAttribute('data-ready-desk', 'false');
  const locationId = Number(await checklist.getAttribute('data-location'));
  const step = (key: string) => checklist.locator(`[data-testid="readiness-step"][data-step="${key}"]`);

  // A playground, from its step.
  await c.click(step('playgrounds').getByTestId('readiness-link').first(), 'checklist: playgrounds');
  const playgrounds = page.getByTestId('location_playgrounds-tab');
  await c.click(playgrounds.getByRole('button', { name: say(lang, 'app.catalogue.playgrounds.add') }), 'add a playground');
  const dialog = page.getByRole('dialog');
  await c.type(dialog.getByLabel(say(lang, 'app.catalogue.playgrounds.fields.name')), 'Куб 1', 'playground name');
  await c.click(dialog.getByLabel(say(lang, 'app.catalogue.playgrounds.fields.types')), 'types');
  await c.click(page.getByRole('option', { name: say(lang, 'app.catalogue.types.the_cube'), exact: true }), 'the cube');
  await page.keyboard.press('Escape');
  await c.type(dialog.getByLabel(say(lang, 'app.catalogue.playgrounds.fields.max_players')), '4', 'max players');
  await c.click(dialog.getByRole('button', { name: say(lang, 'app.common.create') }), 'create the playground');
  await expect(playgrounds.getByTestId('location_playgrounds-row').filter({ hasText: 'Куб 1' })).toBeVisible();

  // Its group, on the same screen: the new group takes the playground in no group.
  await c.click(page.getByRole('button', { name: say(lang, 'app.schedules.createGroup') }), 'create a group');
  const group = page.getByRole('dialog');
  await c.type(group.getByLabel(say(lang, 'app.schedules.groupName')), 'Зал', 'group name');
  await expect(group.getByLabel(say(lang, 'app.schedules.takeUngrouped', { names: 'Куб 1' }))).toBeChecked();
  await c.click(group.getByRole('button', { name: say(lang, 'app.common.create') }), 'create the group');
  await expect(page.getByRole('heading', { name: say(lang, 'app.schedules.ungrouped') })).toBeVisible();
  await expect(page.locator('[data-playground-chip]').filter({ hasText: 'Куб 1' })).toHaveCount(1);

  // Its first schedule: from today, every day, 10:00-22:00; a name and a price, nothing asked online.
  await c.click(page.getByRole('link', { name: say(lang, 'app.schedules.addScheduleNamed', { name: 'Зал' }) }), 'add a schedule');
  await c.type(page.getByRole('textbox', { name: field(say(lang, 'app.scheduleEditor.name')) }), lang === 'ru' ? 'Основное' : 'Main', 'schedule name');
  await c.click(page.getByRole('tab', { name: say(lang, 'app.scheduleEditor.tabGrid') }), 'the rows tab');
  await c.type(page.getByLabel(new RegExp(say(lang, 'app.scheduleEditor.priceSession'))).first(), '3000', 'price');
  // Nothing is taken online yet: the price asks no prepayment, and the form does not warn.
  await expect(page.getByLabel(say(lang, 'app.scheduleEditor.prepayment')).first()).toHaveValue('0');
  await expect(page.getByTestId('schedule-prepaid-warning')).toHaveCount(0);
  await c.click(page.getByRole('button', { name: say(lang, 'app.common.save') }), 'save the schedule');
  // The sessions it makes, shown before it is created.
  await c.click(page.getByRole('dialog').getByRole('button', { name: say(lang, 'app.scheduleEditor.confirmCreate') }), 'create the schedule');
  await expect(page.getByText(say(lang, 'app.scheduleEditor.created', { name: lang === 'ru' ? 'Основное' : 'Main' })).first()).toBeVisible();

  // Back to the list of locations, where the checklist says the desk can sell; a cashier invited from it.
  await toLocations(c, lang);
  await expect(checklist).toHaveAttribute('data-ready-desk', 'true');
  // #44 Online waits for the documents (the consent's facts and the policy link), which the desk does not need.
  await expect(checklist).toHaveAttribute('data-ready-online', 'false');
  await expect(step('documents')).toHaveAttribute('data-blocks', 'online');
  await c.click(step('staff').getByTestId('readiness-link').first(), 'checklist: staff');
  await c.click(page.getByRole('button', { name: say(lang, 'resources.staff.invite') }), 'invite');
  const invite = page.getByTestId('staff-invite');
  await c.type(invite.getByLabel(say(lang, 'app.setup.email')), cashierEmail, 'cashier e-mail');
  await c.click(invite.getByRole('button', { name: say(lang, 'resources.staff.invite') }), 'send the invitation');
  await expect(page.getByRole('row').filter({ hasText: cashierEmail })).toBeVisible();

  // The calendar, from the list of locations: tomorrow's first session, a walk-in for two, paid in cash.
  await toLocations(c, lang);
  await c.click(checklist.getByTestId('readiness-calendar'), 'checklist: the calendar');
  await c.click(page.getByRole('button', { name: say(lang, 'app.booking.toolbar.nextDay') }), 'next day');
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  const tomorrow = new URL(page.url()).searchParams.get('date')!;
  const free = page.locator(`[data-testid="slot-card"][data-colour="empty"][data-start^="${tomorrow}"]`).first();
  const slot = page.locator(`[data-testid="slot-card"][data-start="${await free.getAttribute('data-start')}"]`);
  await c.click(slot.getByTestId('slot-add'), 'book the session');
  const form = page.getByTestId('booking-form');
  await c.type(form.getByLabel(new RegExp(say(lang, 'app.booking.fields.name'))).first(), 'Гость', 'guest name');
  await c.type(form.getByLabel(new RegExp(say(lang, 'app.booking.fields.phone'))).first(), '+79990001122', 'guest phone');
  await c.click(form.getByTestId('booking-save-pay'), 'book and pay');
  const confirm = page.getByTestId('book-pay-confirm');
  await expect(confirm.getByTestId('book-pay-type-2')).toHaveAttribute('aria-pressed', 'true');
  // A new location takes desk cash only in an open shift: the dialog opens one on its till in one click.
  await c.click(confirm.getByTestId('desk-open-shift'), 'open the shift');
  await c.click(confirm.getByTestId('book-pay-submit'), 'take the cash');
  // "Order №1 created and paid: 3 000,00 ₽." (the amount as the location's money reads in the language).
  const before = say(lang, 'app.desk.done', { id: '%ID%' }).split('%ID%')[0]!;
  const done = page.getByTestId('alert-success').filter({ hasText: before });
  await expect(done).toContainText(/3[\s\u00a0\u202f,]000[.,]00/);
  await expect(slot).toHaveAttribute('data-colour', 'paid');
  const orderId = Number((await done.textContent())!.replace(before, '').match(/\d+/)![0]);
  return { clicks: c, locationId, orderId };
}
