// Declared forms, row actions and tools tabs: every message key they name exists in ru and in en,
// every named action is in the api, and the generic form's validators, bodies and server errors.
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/resources/declaration';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});

const { declarations, declaration } = await import('../../src/resources/registry');
const { bodyOf, choicesPath, defaultsOf, fieldsOf, validatorsOf } = await import('../../src/components/forms/fields');
const { actionCall, actionFieldErrors, actionForm } = await import('../../src/components/forms/ActionFormDialog');
const { splitErrors } = await import('../../src/components/forms/serverErrors');
const { enMessages } = await import('../../src/i18n/en');
const { ruMessages } = await import('../../src/i18n/ru');

const lookup = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), messages);

/** The keys of the form, the row actions, the tools tab and the list hint. */
function formKeys(d: ResourceDeclaration): string[] {
  const keys: string[] = [];
  if (d.menu?.tools) keys.push(d.menu.tools.label);
  if (d.list?.hint) keys.push(d.list.hint);
  const form = d.form;
  if (form) {
    if (form.title) keys.push(form.title.create, form.title.edit);
    if (form.saved.create) keys.push(form.saved.create);
    keys.push(form.saved.edit);
    if (form.add) keys.push(form.add);
    if (form.single?.intro) keys.push(form.single.intro);
    for (const f of form.fields) {
      keys.push(f.label);
      if (typeof f.hint === 'string') keys.push(f.hint);
      if (f.kind === 'select') keys.push(...(f.choices ?? []).map((c) => c.label));
      if ((f.kind === 'text' || f.kind === 'textarea') && f.pattern) keys.push(f.pattern.message);
    }
  }
  for (const a of Object.values(d.actionForms ?? {})) {
    keys.push(a.title, a.submit ?? 'app.common.create', a.cancel ?? 'app.common.cancel');
    if (a.text) keys.push(a.text);
    if (a.done) keys.push(a.done);
    for (const f of a.fields) {
      keys.push(f.label);
      if (typeof f.hint === 'string') keys.push(f.hint);
      if (f.requiredMessage) keys.push(f.requiredMessage);
      if (f.kind === 'select') keys.push(...(f.choices ?? []).map((c) => c.label));
      if ((f.kind === 'text' || f.kind === 'textarea') && f.maxLengthMessage) keys.push(f.maxLengthMessage);
    }
  }
  if (d.rowMenuLabel) keys.push(d.rowMenuLabel);
  for (const a of d.list?.actions ?? []) {
    keys.push(a.label);
    expect(d.actionForms?.[a.form], `${d.name}: the bar's form ${a.form}`).toBeDefined();
  }
  for (const a of d.rowActions ?? []) {
    if (a.kind !== 'edit' && a.kind !== 'delete') keys.push(a.label);
    if (a.ariaLabel) keys.push(a.ariaLabel);
    if (a.kind === 'form') expect(d.actionForms?.[a.form], `${d.name}: the row's form ${a.form}`).toBeDefined();
    if (a.kind === 'action') expect(d.api.actions?.[a.action], `${d.name}: the row's action ${a.action}`).toBeDefined();
    if (a.kind === 'action' || a.kind === 'delete') {
      keys.push(a.done);
      if (a.confirm) keys.push(a.confirm.title, a.confirm.text);
    }
  }
  return keys;
}

const run = (field: FieldDeclaration, value: unknown, values: Record<string, unknown> = {}) =>
  validatorsOf(field).map((v) => v(value, { [field.source]: value, ...values }, {} as any)).find(Boolean);

describe('declared forms', () => {
  it('the tools page: each tab a declaration with a form and no route, its tab and place its own', () => {
    // Per declaration, not a pinned list: a tab added or taken away keeps this true.
    const tabs = declarations.filter((d) => d.menu?.tools);
    expect(tabs.length, 'the tools page has tabs').toBeGreaterThan(0);
    for (const d of tabs) {
      expect(d.form, d.name).toBeDefined();
      // A tab is no route of its own: the registry's list walk and the menus leave it out.
      expect(d.route, d.name).toBeUndefined();
    }
    for (const key of ['tab', 'order'] as const) {
      const values = tabs.map((d) => d.menu!.tools![key]);
      expect(new Set(values).size, `each tools tab has its own ${key}`).toBe(values.length);
    }
  });

  it('the tools card of location management names every tools tab, in the tabs\' order, in ru and in en', async () => {
    // From the declarations, not a fixed text: a fixed hint forgot the booking widget's tab.
    const { MORE_CARDS } = await import('../../src/pages/management/LocationManagementPage');
    const { toolsTabs } = await import('../../src/resources/registry');
    const hint = MORE_CARDS.find((c) => c.key === 'tools')!.hint;
    for (const messages of [ruMessages, enMessages]) {
      const translate = (key: string) => String(lookup(messages, key));
      const text = (typeof hint === 'function' ? hint(translate as never) : translate(hint)).toLowerCase();
      const at = toolsTabs.map((d) => text.indexOf(translate(d.menu!.tools!.label).toLowerCase()));
      expect(at.every((i) => i >= 0), `${text}: every tab named`).toBe(true);
      expect([...at].sort((a, b) => a - b), `${text}: in the tabs' order`).toEqual(at);
    }
  });

  it('finds every key of the forms, row actions and tabs in ru and in en, and every named action in the api', () => {
    for (const d of declarations) {
      for (const key of [...formKeys(d), 'app.forms.edit', 'app.forms.delete', 'app.forms.actions']) {
        expect(typeof lookup(ruMessages, key), `ru ${d.name}: ${key}`).toBe('string');
        expect(typeof lookup(enMessages, key), `en ${d.name}: ${key}`).toBe('string');
      }
      for (const a of d.rowActions ?? []) {
        if (a.kind === 'action') expect(d.api.actions?.[a.action], `${d.name}: ${a.action}`).toBeDefined();
        if (a.kind === 'delete') expect(d.api.delete, d.name).toBeDefined();
        if (a.kind === 'edit') expect(d.api.update, d.name).toBeDefined();
      }
      if (d.form?.add) expect(d.api.create, d.name).toBeDefined();
      for (const [key, a] of Object.entries(d.actionForms ?? {})) {
        if (a.action === 'create') expect(d.api.create, `${d.name}: ${key}`).toBeDefined();
        else expect(d.api.actions?.[a.action], `${d.name}: ${key}`).toBeDefined();
      }
    }
  });

  it('checks the kinds with the specs\' message keys', () => {
    const days = declaration('early_booking').form!.fields[0]!;
    expect(run(days, null)).toBe('validation.validationRequired');
    expect(run(days, 0)).toEqual({ message: 'validation.validationMinValue', args: { min: 1 } });
    expect(run(days, 1.5)).toBe('validation.validationPersons');
    expect(run(days, 30)).toBeUndefined();
    const [code, , discount, , validTo] = declaration('promocodes').form!.fields;
    expect(run(code!, 'two words')).toMatchObject({ message: 'app.tools.promo.codeFormat' });
    expect(run(code!, 'x'.repeat(51))).toEqual({ message: 'validation.validationPaymentsLength', args: { max: 50 } });
    expect(run(discount!, '1.234', { type: 'flat' })).toBe('validation.validationCost');
    expect(run(discount!, '15', { type: 'fraction' })).toBe('app.tools.promo.fractionRange');
    expect(run(discount!, '0,15', { type: 'fraction' })).toBeUndefined();
    expect(run(discount!, '0.15', { type: 'flat' })).toBe('app.tools.promo.flatMin');
    expect(run(validTo!, '2030-01-01', { valid_from: '2030-01-10' })).toBe('app.tools.promo.dateOrder');
    const url = declaration('webhooks').form!.fields[0]!;
    expect(run(url, '  ')).toBe('validation.validationRequired');
  });

  it('sends only the fields of the form, as the API writes them', () => {
    const form = declaration('promocodes').form!;
    const create = fieldsOf(form, 'create');
    expect(create.map((f) => f.source)).not.toContain('used_count');
    expect(defaultsOf(create, undefined)).toMatchObject({ type: 'fraction', active: true, code: '', usage_limit: null });
    const edit = fieldsOf(form, 'edit');
    const body = bodyOf(edit, {
      code: ' E2E ', type: 'flat', discount: '300,5', valid_from: '', valid_to: '2030-12-31', usage_limit: '', used_count: 4, active: 1, id: 9,
    });
    expect(body).toEqual({ code: 'E2E', type: 'flat', discount: '300.5', valid_from: null, valid_to: '2030-12-31', usage_limit: null, active: true });
    expect(Object.keys(bodyOf(fieldsOf(declaration('webhooks').form!, 'create'), { url: 'https://x', extra: false, active: true }))).toEqual(['url', 'extra']);
  });

  it('puts the server\'s messages of the form\'s fields under them and the rest in the dialog', () => {
    const fields = fieldsOf(declaration('webhooks').form!, 'create');
    const error = new HttpError('Укажите полный адрес', 400, { errors: { url: 'Укажите полный адрес', non_field_errors: 'Лимит' } });
    expect(splitErrors(error, fields, 'Unknown')).toEqual({ fields: { url: 'Укажите полный адрес' }, other: 'Лимит' });
    expect(splitErrors(new HttpError('Forbidden', 403, { errors: {} }), fields, 'Unknown')).toEqual({ other: 'Forbidden' });
    expect(splitErrors('boom', fields, 'Unknown')).toEqual({ other: 'Unknown' });
  });
});

describe('action forms (ActionFormDialog)', () => {
  const ctx = (meta: Record<string, unknown>, record?: Record<string, any>) => ({ meta, record });

  it('checks the further options of the kinds: required and length messages, email, phone, money length', () => {
    const [seller, , phone, email] = actionForm('location_certificates', 'activate').fields;
    // The seller is chosen among the location's staff (#25): nothing chosen is the required message.
    expect(run(seller!, '')).toBe('validation.validationRequired');
    expect(run(phone!, '8 999 abc')).toBe('validation.validationPhone');
    expect(run(phone!, '+79991234567')).toBeUndefined();
    // Too long is the same message (#18), not a length message of its own.
    const tooLong = run(phone!, `+${'7'.repeat(25)}`);
    expect(typeof tooLong === 'string' ? tooLong : (tooLong as { message?: string } | undefined)?.message).toBe('validation.validationPhone');
    expect(run(email!, 'cert@example')).toMatchObject({ message: 'validation.validationEmail' });
    const design = actionForm('location_certificates', 'create').fields[2]!;
    expect(run(design, 'x'.repeat(16))).toEqual({ message: 'validation.validationCertificateLength', args: { max: 15 } });
    const [amount] = actionForm('transactions', 'topUp').fields;
    expect(run(amount!, '')).toBe('validation.validationSum');
    expect(run(amount!, '123456789')).toEqual({ message: 'validation.validationPaymentsLength', args: { max: 8 } });
    expect(run(amount!, '1.234')).toBe('validation.validationCost');
    expect(run(amount!, '2500,5')).toBeUndefined();
  });

  it('fills a loaded select\'s path from the form\'s meta', () => {
    expect(choicesPath('/api/v2.2/certificate_rates/?location_id={location_id}', { location_id: 3 })).toBe('/api/v2.2/certificate_rates/?location_id=3');
    expect(choicesPath('/api/x/{location_id}/', undefined)).toBe('/api/x/{location_id}/');
  });

  it('sends the money screens\' bodies as before, with the Idempotency-Key only where the server takes one', () => {
    const certificates = actionCall(actionForm('location_certificates', 'create'),
      { rate: '1000.00', type: 'digital', design: ' classic ', quantity: '2' }, ctx({ location_id: '1' }));
    expect(certificates).toEqual({ body: { rate: '1000.00', type: 'digital', design: 'classic', quantity: 2, location_id: 1 }, meta: { location_id: '1' }, id: undefined });
    const activate = actionCall(actionForm('location_certificates', 'activate'),
      { seller: 'u', name: 'Olga', phone: '+7999', email: 'a@b.c' }, ctx({ location_id: '1' }, { id: 5, unique_number: 'ABC' }));
    expect(activate).toEqual({ body: { seller: 'u', name: 'Olga', phone: '+7999', email: 'a@b.c', location_id: 1 }, meta: { location_id: '1' }, id: 'ABC' });
    const payment = actionCall(actionForm('location_payments', 'create'), { purchase: '77,5', external_id: ' ', comment: 'c' }, ctx({ location_id: 1 }), 'key');
    expect(payment).toEqual({ body: { purchase: '77.5', external_id: null, comment: 'c' }, meta: { location_id: 1, idempotencyKey: 'key' }, id: undefined });
    const add = actionCall(actionForm('transactions', 'add'), {
      type: 'chargeoff', amount: '250', operation_dt: null, description: ' d ', number: '', debt_open: false, location: 1, session: '',
    }, ctx({ location_id: 1 }), 'key');
    expect(add.body).toEqual({ type: 'chargeoff', amount: '250', operation_dt: null, description: 'd', number: null, debt_open: false, location: 1, session: null });
    const row = { id: 9, location_id: 2, session: 's', amount: '-250.00', type: 'chargeoff' };
    expect(actionForm('transactions', 'refund').defaults!(ctx({}, row))).toEqual({ amount: '250' });
    expect(actionCall(actionForm('transactions', 'refund'), { amount: '100', description: 'r' }, ctx({}, row), 'key').body).toEqual({
      original_transaction: 9, amount: '100', location: 2, session: 's', operation_dt: null, description: 'r', type: 'refund',
    });
    expect(actionCall(actionForm('transactions', 'changeType'), { type: 'refill' }, ctx({}, row)).body).toEqual({ type: 'refill', transaction_id: 9 });
    expect(actionCall(actionForm('transactions', 'topUp'), { amount: '2500' }, ctx({ location_id: 1 }), 'key').body).toEqual({ amount: '2500' });
    // The money writes whose endpoints take an Idempotency-Key; the others send none.
    const idempotent = ['location_payments:create', 'transactions:add', 'transactions:refund', 'transactions:topUp'];
    for (const d of declarations) {
      for (const [key, a] of Object.entries(d.actionForms ?? {})) expect(!!a.idempotent, `${d.name}:${key}`).toBe(idempotent.includes(`${d.name}:${key}`));
    }
  });

  it('marks the fields the server names, with the field\'s own message for the server\'s text', () => {
    const activate = actionForm('location_certificates', 'activate');
    const error = new HttpError('x', 400, { errors: { seller: 'Must be a valid UUID.', phone: 'too long', name: 'Max 150.', other: 'y' } });
    expect(actionFieldErrors(activate, error)).toEqual({ seller: 'app.money.certificates.sellerUuid', phone: 'validation.validationPhone', name: 'Max 150.' });
    expect(actionFieldErrors(activate, new HttpError('x', 400, { errors: { seller: 'Not staff' } }))).toEqual({ seller: 'validation.validationSeller' });
    expect(actionFieldErrors(activate, new HttpError('Forbidden', 403, { errors: {} }))).toBeUndefined();
    expect(() => actionForm('transactions', 'nope')).toThrow(/no action form "nope"/);
  });
});
