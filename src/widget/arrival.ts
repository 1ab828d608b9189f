// #44 The guest's arrival page, /arrival/<key> (the order's key, the QR code's link): the venue's
// documents to sign and who of the party has signed (first names only). Each guest opens their own
// form: a typed name, a birth date, a tick per document (marketing optional); a minor by the venue's
// age setting signs with a parent's or guardian's name and relation. Made for a phone first.
// `desk`: the same page on the desk's tablet (staff hand it to the guests): bigger, the policy's address
// written out instead of a link out of the page, and words for a tablet passed from hand to hand.
import { CallError, type Call } from './api';
import { announce, h, show } from './dom';
import { formatDay, parseTypedDay } from '../../domain/dates';
import { isMinor } from '../../domain/arrivals';
import { arrivalTexts } from './arrivalTexts';
import type { WidgetLang } from './texts';

interface Doc { kind: string; title: string; required: boolean; document_version: number; version: number; text: string }
interface Participant { id: number; position: number; lead: boolean; first_name: string; signed: Record<string, boolean>; complete: boolean }
interface ArrivalPage {
  order: number; cancelled: boolean; location: { name: string; phone: string | null }; privacy_policy_url: string;
  playground: string | null; date: string | null; begin: string | null; end: string | null; minor_age: number; can_sign: boolean;
  documents: Doc[]; participants: Participant[];
}

export async function arrivalPage(root: HTMLElement, call: Call, lang: WidgetLang, key: string, desk = false): Promise<void> {
  const t = arrivalTexts(lang);
  root.classList.toggle('desk', desk);
  document.title = t('title');
  const path = `/api/public/arrival/${encodeURIComponent(key)}/`;
  let open: number | null = null;
  const render = (p: ArrivalPage, message?: string) => {
    const missing = p.participants.filter((x) => !x.complete).length;
    const who = (x: Participant) => x.first_name || t('guest', { n: x.position });
    const list = h('ul', { class: 'guests', 'data-testid': 'arrival-guests' }, ...p.participants.map((x) => h('li', { 'data-testid': `arrival-guest-${x.position}`, 'data-complete': String(x.complete) },
      h('span', {}, who(x), x.lead ? h('small', { class: 'muted' }, ` (${t('lead')})`) : null),
      h('span', { class: x.complete ? 'ok' : 'muted' }, x.complete ? `✓ ${t('signed')}` : t('notSigned')),
      p.can_sign && !x.complete && open !== x.id ? h('button', { type: 'button', 'data-testid': `arrival-sign-${x.position}`, onclick: () => { open = x.id; render(p); } }, t('signFor')) : null)));
    const opened = p.participants.find((x) => x.id === open && !x.complete);
    show(root, h('section', { class: 'arrival', 'data-testid': 'arrival', 'data-desk': String(desk) },
      h('header', {}, h('h1', {}, t('title')), h('p', { class: 'muted' }, p.location.name, p.playground ? `, ${p.playground}` : ''),
        p.date && p.begin ? h('p', { 'data-testid': 'arrival-when' }, t('when', { date: formatDay(p.date), begin: p.begin, end: p.end ?? '' })) : null),
      message ? h('p', { class: 'note', role: 'status' }, message) : null,
      p.cancelled ? h('p', { class: 'alert' }, t('cancelled')) : !p.can_sign ? h('p', { class: 'alert', 'data-testid': 'arrival-closed' }, t('closed')) : h('p', {}, t(desk ? 'deskIntro' : 'intro')),
      h('h2', {}, t('guests')),
      h('p', { 'data-testid': 'arrival-missing', class: missing ? 'muted' : 'note' }, missing ? t('missing', { n: missing, total: p.participants.length }) : t(desk ? 'deskAllSigned' : 'allSigned')),
      list,
      opened ? signForm(p, opened) : null,
      // On the tablet nothing leads out of the page: the policy's address is written out to read.
      !p.privacy_policy_url ? null : desk ? h('p', { class: 'muted', 'data-testid': 'arrival-policy' }, `${t('policy')}: ${p.privacy_policy_url}`)
        : h('p', {}, h('a', { href: p.privacy_policy_url, target: '_blank', rel: 'noopener' }, t('policy')))));
  };

  const signForm = (p: ArrivalPage, x: Participant) => {
    const err = (id: string) => h('p', { class: 'error', id, 'aria-live': 'polite' });
    const name = h('input', { id: 'arrival-name', autocomplete: 'name', maxLength: 150, 'data-testid': 'arrival-name', 'aria-describedby': 'arrival-name-error' }) as HTMLInputElement;
    // The app's own day field (a native one follows the browser's locale): DD.MM.YYYY, or its digits.
    const birth = h('input', { id: 'arrival-birth', inputMode: 'numeric', placeholder: t('birthPlaceholder'), autocomplete: 'bday', maxLength: 10, 'data-testid': 'arrival-birth', 'aria-describedby': 'arrival-birth-error' }) as HTMLInputElement;
    const birthDay = () => parseTypedDay(birth.value);
    const guardianName = h('input', { id: 'arrival-guardian-name', maxLength: 150, 'data-testid': 'arrival-guardian-name' }) as HTMLInputElement;
    const guardianRelation = h('input', { id: 'arrival-guardian-relation', maxLength: 100, 'data-testid': 'arrival-guardian-relation' }) as HTMLInputElement;
    const guardian = h('fieldset', { class: 'guardian', hidden: true, 'data-testid': 'arrival-guardian' },
      h('legend', {}, t('guardianTitle', { age: p.minor_age })),
      h('div', { class: 'field' }, h('label', { for: 'arrival-guardian-name' }, t('guardianName')), guardianName),
      h('div', { class: 'field' }, h('label', { for: 'arrival-guardian-relation' }, t('guardianRelation')), guardianRelation),
      err('arrival-guardian-error'));
    const minor = () => { const day = birthDay(); return !!day && !!p.date && isMinor(day, p.date, p.minor_age); };
    birth.oninput = () => { guardian.hidden = !minor(); };
    const unsignedDocs = p.documents.filter((d) => !x.signed[d.kind]);
    const ticks = unsignedDocs.map((d) => ({ d, box: h('input', { type: 'checkbox', id: `arrival-tick-${d.kind}`, 'data-testid': `arrival-tick-${d.kind}` }) as HTMLInputElement }));
    const errors = { name: err('arrival-name-error'), birth: err('arrival-birth-error'), form: err('arrival-form-error') };
    const button = h('button', { type: 'submit', class: 'primary', 'data-testid': 'arrival-submit' }, t('submit')) as HTMLButtonElement;
    const form = h('form', { class: 'sign', 'data-testid': 'arrival-form', novalidate: true },
      h('h2', {}, `${t('signFor')}: ${x.first_name || t('guest', { n: x.position })}`),
      h('div', { class: 'field' }, h('label', { for: 'arrival-name' }, t('name')), name, errors.name),
      h('div', { class: 'field' }, h('label', { for: 'arrival-birth' }, t('birthDate')), birth, errors.birth),
      guardian,
      ...ticks.map(({ d, box }) => h('div', { class: 'document', 'data-testid': `arrival-document-${d.kind}` },
        h('h3', {}, d.title, d.required ? null : h('small', { class: 'muted' }, ` (${t('optional')})`)),
        h('div', { class: 'document-text', tabindex: 0 }, d.text),
        h('label', { class: 'tick' }, box, ` ${t('agree')}`))),
      errors.form, button);
    form.onsubmit = async (e) => {
      e.preventDefault();
      for (const el of Object.values(errors)) el.textContent = '';
      let bad = false;
      if (!name.value.trim()) { errors.name.textContent = t('required'); bad = true; }
      if (!birth.value.trim()) { errors.birth.textContent = t('required'); bad = true; } else if (!birthDay()) { errors.birth.textContent = t('birthInvalid'); bad = true; }
      if (ticks.some(({ d, box }) => d.required && !box.checked)) { errors.form.textContent = t('tickRequired'); bad = true; }
      if (bad) return;
      button.disabled = true;
      button.textContent = t('sending');
      let page: ArrivalPage | null = null;
      try {
        for (const { d, box } of ticks) {
          if (!box.checked) continue;
          page = await call<ArrivalPage>(`${path}sign/`, {
            participant: x.id, document_version: d.document_version, name: name.value.trim(), birth_date: birthDay(),
            ...(minor() ? { guardian: { name: guardianName.value.trim(), relation: guardianRelation.value.trim() } } : {}),
          });
        }
      } catch (error) {
        if (!(error instanceof CallError)) throw error;
        const target = error.fields.guardian ? guardian.querySelector('.error')! : error.fields.birth_date ? errors.birth : error.fields.name ? errors.name : errors.form;
        target.textContent = Object.values(error.fields)[0]?.[0] ?? '';
        button.disabled = false;
        button.textContent = t('submit');
        return;
      }
      open = null;
      const done = t('done', { name: name.value.trim() });
      announce(done);
      render(page ?? await call<ArrivalPage>(path), done);
    };
    return form;
  };

  render(await call<ArrivalPage>(path));
}
