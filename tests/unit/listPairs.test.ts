// Each list screen (src/resources, the client's declaration) and the server list it reads
// (server/modules/*/lists.ts) say the same thing (#26): in seconds, not in a browser. The screen's
// columns are fields of the server's rows, its exported columns are the export's columns under the
// same ru and en labels (both sides read them from domain/fieldLabels.ts: this holds each screen
// column's key to the server column of the same place), and every filter it sends is one the server declares.
import { describe, expect, it, vi } from 'vitest';
import { exportedLabels, type ResourceDeclaration } from '../../src/resources/declaration';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});

const { declarations } = await import('../../src/resources/registry');
const { declaredLists, totalledColumns, checkList } = await import('../../server/platform/lists');
const { enMessages } = await import('../../src/i18n/en');
const { ruMessages } = await import('../../src/i18n/ru');

const serverLists = await declaredLists();
const messages = { ru: ruMessages, en: enMessages } as const;
const text = (lang: 'ru' | 'en', key: string): unknown => key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), messages[lang]);
/** A header as a spreadsheet shows it: soft hyphens (the screen's narrow columns) are not there. */
const header = (label: string) => label.replace(/\u00ad/g, '');

/** The server path a client list calls: `{location_id}` is the server's `:id`. */
const serverPath = (d: ResourceDeclaration) => d.api.list!.replace('{location_id}', ':id');

const paired = declarations.filter((d) => d.list && d.api.list && serverLists.some((s) => s.path === serverPath(d)));

describe('client and server list declarations', () => {
  it('pairs every exported client list with its server list', () => {
    // A screen that offers an export reads a declared server list (the export is the server's).
    const exporting = declarations.filter((d) => d.list?.exports?.length);
    expect(exporting.length).toBeGreaterThan(0);
    for (const d of exporting) expect(serverLists.map((s) => s.path), d.name).toContain(serverPath(d));
    expect(paired.length).toBeGreaterThanOrEqual(exporting.length);
  });

  describe.each(paired.map((d) => [d.name, d] as const))('%s', (_name, d) => {
    const server = serverLists.find((s) => s.path === serverPath(d))!;
    const columns = d.list!.columns;

    it('shows only fields of the server\'s rows', () => {
      // A server list with its own JSON shape (nested objects) answers other fields than its columns.
      if (server.json) return;
      const keys = server.columns.filter((c) => !c.exportOnly).map((c) => c.key);
      // Columns read from the field itself (not a value computed from the record, not a lookup elsewhere).
      const plain = columns.filter((c) => c.kind !== 'custom' && c.kind !== 'lookup' && !('value' in c && c.value));
      for (const c of plain) expect(keys, `${d.name}.${c.source}`).toContain(c.source);
      // #39 A person's e-mail (on hover) is a field too.
      for (const c of columns) if (c.kind === 'person') expect(keys, `${d.name}.${c.email}`).toContain(c.email);
    });

    it('exports the columns it shows, in its order, under the same ru and en labels', () => {
      for (const lang of ['ru', 'en'] as const) {
        // A person column writes its name and (#39) its e-mail column after it.
        const shown = columns.flatMap(exportedLabels).map((label) => header(String(text(lang, label))));
        expect(shown, `${d.name} (${lang}): the screen's exported columns against the server's export`)
          .toEqual(server.columns.filter((c) => c.label).map((c) => c.label![lang]));
      }
    });

    it('sorts on the columns the server sorts, and sums what the server sums', () => {
      checkList(server);
      // Every column the screen shows that the server sorts is sortable there, and nothing else.
      const sortable = (server.sorting?.columns ?? []).filter((key) => columns.some((c) => c.source === key));
      expect([...(d.api.ordering ?? [])].sort(), `${d.name}: api.ordering against the server's sorting`).toEqual(sortable.sort());
      if (d.list!.sort && d.api.ordering) expect(d.api.ordering, `${d.name}: the first sort`).toContain(d.list!.sort.field);
      expect(Boolean(d.api.totals), `${d.name}: api.totals against the server's totals`).toBe(totalledColumns(server).length > 0);
    });

    it('sends only filters the server declares', () => {
      const known = new Set([...Object.keys(server.filters ?? {}), ...(server.dateRange ? [server.dateRange.from, server.dateRange.to] : [])]);
      for (const [name, query] of Object.entries(d.api.filters ?? {})) expect([...known], `${d.name}: filter ${name} as ${query}`).toContain(query);
      // And each filter of the screen is sent under a name the api declares.
      for (const f of d.list!.filters ?? []) {
        if (f.kind === 'dateRange') expect(server.dateRange, `${d.name}: a date range the server does not declare`).toBeDefined();
        else expect(Object.keys(d.api.filters ?? {}), `${d.name}: filter ${f.source}`).toContain(f.source);
      }
    });
  });
});
