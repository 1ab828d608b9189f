// Escape or a click outside never throws away a half-filled form (#18): an untouched form closes at
// once, a dirty one asks "discard changes?" (keep editing keeps what was typed). One guard
// (GuardedDialog) serves every dialog form: the booking, the multi-booking and a registry form.
import { expect, test, type Locator, type Page } from './test';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/resources/declaration';
import { ruMessages } from '../../src/i18n/ru';
import { ADMIN, signIn } from './helpers';
import { loadDeclarations } from './declarations';

const TEXTS = {
  ru: { title: 'Отменить изменения?', keep: 'Продолжить ввод', discard: 'Отменить изменения', name: /Имя/, design: /Дизайн/, newBooking: 'Новая бронь', createCerts: 'Создать сертификаты' },
  en: { title: 'Discard changes?', keep: 'Keep editing', discard: 'Discard changes', name: /Name/, design: /Design/, newBooking: 'New booking', createCerts: 'Create certificates' },
} as const;

/** Escape closes the untouched form at once; typed into, Escape and a click outside ask first. */
async function checkGuard(page: Page, open: () => Promise<void>, form: Locator, fill: () => Promise<Locator>, t: (typeof TEXTS)['ru' | 'en']) {
  await open();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('discard-changes')).toHaveCount(0);

  await open();
  await expect(form.getByRole('button').last()).toBeVisible();
  const field = await fill();
  const typed = await field.inputValue();
  await page.keyboard.press('Escape');
  const ask = page.getByTestId('discard-changes');
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  await expect(ask).toBeHidden();
  await expect(field).toHaveValue(typed);
  // A click on the backdrop, beside the dialog, asks too.
  await page.mouse.click(4, 300);
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.discard }).click();
  await expect(form).toBeHidden();
}

// With motion, as most people use the app: with reduced motion (the rest of the suite's setting) a
// click outside the transaction's change-type dialog, right after "keep editing", is not asked about
// (an open defect, docs/decisions.md: the e2e suite retries once).
test.use({ reducedMotion: 'no-preference' });

for (const lang of ['ru', 'en'] as const) {
  const t = TEXTS[lang];
  test(`${lang}: the booking, multi-booking and certificate forms ask before discarding what was typed`, async ({ page }) => {
    // Three forms, each opened three times: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, ADMIN, lang, '/locations/1/booking_admin');

    const booking = page.getByTestId('booking-form');
    await checkGuard(page, () => page.getByRole('button', { name: t.newBooking }).click(), booking, async () => {
      const name = booking.getByLabel(t.name);
      await name.fill('Half-filled customer');
      return name;
    }, t);

    const multi = page.getByTestId('multi-form');
    await checkGuard(page, () => page.getByTestId('new-multibooking').click(), multi, async () => {
      const name = multi.getByLabel(t.name);
      await name.fill('Half-filled party');
      return name;
    }, t);

    await page.goto('/locations/1/certificates');
    const create = page.getByTestId('create-certificates');
    await checkGuard(page, () => page.getByRole('button', { name: t.createCerts }).click(), create, async () => {
      const design = create.getByLabel(t.design);
      await design.fill('Gold');
      return design;
    }, t);
  });
}

// The class, not three samples: every form the registry declares (src/resources), each create and
// edit dialog (an edit dialog starts filled: changing it is as dirty as typing into a new one), each
// toolbar form and each row's form, is opened from its own screen, changed, and must ask on Escape
// and on a click outside. A new declared form is walked here unchanged; one whose button cannot be
// found fails the walk instead of being skipped.
const declarations: ResourceDeclaration[] = await loadDeclarations();

const ru = (key: string): string => {
  const text = key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), ruMessages);
  return typeof text === 'string' ? text : key;
};
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A message with placeholders as a pattern of its fixed start ("Активировать сертификат %{number}"). */
const startOf = (key: string) => new RegExp(`^${escapeRe(ru(key).split('%{')[0]!.trim())}`);

interface DeclaredForm { label: string; url: string; open: (page: Page) => Promise<void>; fields: FieldDeclaration[] }

function screenOf(d: ResourceDeclaration): string | undefined {
  if (d.route) return d.route.scope === 'global' ? `/${d.route.path}` : `/locations/1/${d.route.path}`;
  if (d.menu?.tools) return `/locations/1/tools?tab=${d.menu.tools.tab}`;
  return undefined;
}

function declaredForms(): DeclaredForm[] {
  const out: DeclaredForm[] = [];
  for (const d of declarations) {
    const url = screenOf(d);
    if (!url) continue;
    const form = d.form;
    if (form && !form.single && form.add) {
      out.push({ label: `${d.name}: create`, url, fields: form.fields.filter((f) => f.on !== 'edit'),
        open: (page) => page.getByRole('button', { name: ru(form.add!), exact: true }).click() });
    }
    if (form && d.rowActions?.some((a) => a.kind === 'edit')) {
      out.push({ label: `${d.name}: edit`, url, fields: form.fields.filter((f) => f.on !== 'create'),
        open: (page) => page.getByRole('button', { name: ru('app.forms.edit'), exact: true }).first().click() });
    }
    for (const a of d.list?.actions ?? []) {
      out.push({ label: `${d.name}: ${a.form}`, url, fields: d.actionForms![a.form]!.fields,
        open: (page) => page.getByRole('button', { name: ru(a.label), exact: true }).click() });
    }
    for (const a of d.rowActions ?? []) {
      if (a.kind !== 'form') continue;
      out.push({ label: `${d.name}: row ${a.form}`, url, fields: d.actionForms![a.form]!.fields,
        open: async (page) => {
          if (a.menu) {
            await page.getByRole('button', { name: startOf(d.rowMenuLabel ?? 'app.forms.moreActions') }).first().click();
            await page.getByRole('menuitem', { name: ru(a.label), exact: true }).click();
          } else {
            await page.getByRole('button', { name: startOf(a.ariaLabel ?? a.label) }).first().click();
          }
        } });
    }
  }
  return out;
}

test('ru: every declared form (create, edit, toolbar and row forms) asks before discarding a change', async ({ page }) => {
  const forms = declaredForms();
  // The registry's forms today: promo codes, early booking and webhooks (create and edit),
  // certificates (create, activate), payments (create), transactions (add, top-up, type, refund).
  expect(forms.length).toBeGreaterThanOrEqual(12);
  test.setTimeout(60_000 + forms.length * 15_000);
  await signIn(page, ADMIN, 'ru');
  const t = TEXTS.ru;
  const walked: string[] = [];
  for (const f of forms) {
    await test.step(f.label, async () => {
      await page.goto(f.url);
      const dialog = page.getByRole('dialog');
      await f.open(page);
      await expect(dialog, f.label).toBeVisible();
      // Untouched, Escape closes at once.
      await page.keyboard.press('Escape');
      await expect(dialog, `${f.label}: an untouched form closes`).toHaveCount(0);
      await f.open(page);
      await expect(dialog).toBeVisible();
      // The first field one types into: a text (a new one, or a filled one changed), else a number.
      const typed = f.fields.find((x) => !x.readOnly && ['text', 'textarea', 'money', 'number'].includes(x.kind));
      const ask = page.getByTestId('discard-changes');
      if (typed) {
        const input = dialog.getByLabel(new RegExp(`^${escapeRe(ru(typed.label))}`)).first();
        await expect(input).toBeEditable();
        const before = await input.inputValue();
        await input.fill(typed.kind === 'text' || typed.kind === 'textarea' ? `${before}x`.slice(-10) : before === '7' ? '8' : '7');
      } else {
        // A form of choices only (a transaction's type): another choice makes it dirty.
        const choice = f.fields.find((x) => x.kind === 'select')!;
        await dialog.getByRole('combobox', { name: new RegExp(`^${escapeRe(ru(choice.label))}`) }).click();
        await page.getByRole('option').filter({ hasNot: page.locator('[aria-selected="true"]') }).first().click();
      }
      await page.keyboard.press('Escape');
      await expect(ask.getByRole('heading', { name: t.title }), `${f.label}: Escape asks`).toBeVisible();
      await ask.getByRole('button', { name: t.keep }).click();
      await expect(ask).toBeHidden();
      await expect(dialog.first()).toBeVisible();
      await page.mouse.click(4, 300);
      await expect(ask.getByRole('heading', { name: t.title }), `${f.label}: a click outside asks`).toBeVisible();
      await ask.getByRole('button', { name: t.discard }).click();
      await expect(dialog).toHaveCount(0);
      walked.push(f.label);
    });
  }
  expect(walked).toEqual(forms.map((f) => f.label));
});

// Escape in the same moment as the keystroke (a fast cashier, a busy machine): the guard asks the
// form itself, so it never trails the typing by a render (it did: now and then a typed name was
// thrown away without a question).
test('ru: Escape pressed in the same instant as the typing still asks, and keeps what was typed', async ({ page }) => {
  await signIn(page, ADMIN, 'ru');
  const t = TEXTS.ru;
  await page.goto('/locations/1/tools?tab=certificate_designs');
  await page.getByRole('button', { name: 'Добавить дизайн', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('textbox').first();
  await expect(input).toBeEditable();
  await input.evaluate((el: HTMLInputElement) => {
    // One task: the value typed and Escape pressed, with no render of the page in between.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, 'Gold');
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  });
  const ask = page.getByTestId('discard-changes');
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  await expect(input).toHaveValue('Gold');
  await dialog.getByRole('button', { name: 'Отмена', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});

// A page's form (the schedule editor, the widget's settings) asks the same question before a link,
// Back or another tab of its page leaves it changed; saved or untouched, it leaves at once.
test('ru: a changed page form asks before a link, Back or another tab leaves it', async ({ page }) => {
  await signIn(page, ADMIN, 'ru');
  const t = TEXTS.ru;
  const ask = page.getByTestId('discard-changes');

  // Opened from the schedules list, so Back stays inside the app.
  await page.goto('/locations/1/schedules_and_playgrounds');
  await page.getByTestId('schedule-row').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/schedule\/\d+$/);
  const editor = page.url();
  const name = page.getByLabel(/^Название/).first();
  await expect(name).toBeEditable();
  const back = page.getByRole('link', { name: 'Расписания и площадки' });
  const original = await name.inputValue();
  await name.fill(`${original} (draft)`);
  await back.click();
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  expect(page.url()).toBe(editor);
  await expect(name).toHaveValue(`${original} (draft)`);
  // The browser's Back asks too.
  await page.goBack();
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  await expect(name).toHaveValue(`${original} (draft)`);
  // Typed back to what was saved, nothing is lost: it leaves without a word.
  await name.fill(original);
  await back.click();
  await expect(page).toHaveURL(/schedules_and_playgrounds/);
  await expect(ask).toHaveCount(0);
  await page.goto(editor);
  await name.fill(`${original} (draft)`);
  await back.click();
  await ask.getByRole('button', { name: t.discard }).click();
  await expect(page).toHaveURL(/schedules_and_playgrounds/);

  // The widget's settings, one record's form in a tab of the tools page: another tab asks.
  await page.goto('/locations/1/tools?tab=widget');
  const minutes = page.getByLabel(new RegExp(`^${escapeRe(ru('app.tools.widget.paymentMinutes'))}`));
  await expect(minutes).toBeEditable();
  await minutes.fill(String(Number(await minutes.inputValue()) + 1));
  await page.getByRole('tab', { name: ru('app.tools.tabs.promo') }).click();
  await expect(ask.getByRole('heading', { name: t.title })).toBeVisible();
  await ask.getByRole('button', { name: t.keep }).click();
  await expect(page).toHaveURL(/tab=widget/);
  await ask.getByRole('button', { name: t.keep }).waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: ru('app.tools.tabs.promo') }).click();
  await ask.getByRole('button', { name: t.discard }).click();
  await expect(page).toHaveURL(/tab=promocodes/);
});

// The hand-written dialogs that open filled (a record being changed, not a new one): a change of
// what was there is as dirty as typing into an empty form.
test('ru: the filled hand-written dialogs (profile, group name, location info) ask before discarding a change', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN, 'ru');
  const t = TEXTS.ru;

  await page.goto('/user');
  const profile = page.getByRole('dialog');
  await checkGuard(page, () => page.getByRole('button', { name: 'Редактировать', exact: true }).click(), profile, async () => {
    const name = profile.getByLabel(/^Имя/);
    await name.fill(`${await name.inputValue()} Jr`);
    return name;
  }, t);

  await page.goto('/locations/1/schedules_and_playgrounds');
  const rename = page.getByRole('dialog');
  await checkGuard(page, () => page.getByRole('button', { name: /^Переименовать группу / }).first().click(), rename, async () => {
    const name = rename.getByLabel(/^Название группы|^Название/);
    await name.fill(`${await name.inputValue()} 2`);
    return name;
  }, t);

  await page.goto('/locations/1/location_info');
  const info = page.getByTestId('info-dialog');
  await checkGuard(page, () => page.getByTestId('info-edit').click(), info, async () => {
    const name = info.getByTestId('info-ru-name');
    await name.fill(`${await name.inputValue()} (new)`);
    return name;
  }, t);
});
