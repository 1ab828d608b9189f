// The resource registry: every folder under src/resources/ declares its resource, names are unique,
// and every i18n key a declaration names exists in ru and in en.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceDeclaration } from '../../src/resources/declaration';

vi.hoisted(() => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
});

const { declarationsByFolder, declarations } = await import('../../src/resources/registry');
const fieldLabels = await import('../../domain/fieldLabels');
const enumLabels = await import('../../domain/enumLabels');
const { enMessages } = await import('../../src/i18n/en');
const { ruMessages } = await import('../../src/i18n/ru');

const resourcesDir = path.join(import.meta.dirname, '../../src/resources');

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<any>((node, part) => (node == null ? node : node[part]), messages);
}

/** Every message key a declaration names (labels, titles, menu entries, choices, enum labels of the filters). */
function keysOf(d: ResourceDeclaration): string[] {
  const keys: string[] = [];
  if (d.access?.denied) keys.push(d.access.denied);
  if (d.menu?.home) keys.push(d.menu.home.label);
  if (d.menu?.management) keys.push(d.menu.management.label, d.menu.management.hint);
  const list = d.list;
  if (list) {
    keys.push(list.title, list.empty);
    for (const c of list.columns) keys.push(c.label);
    for (const o of list.pageSizes ?? []) if (typeof o !== 'number') keys.push(o.label);
    for (const f of list.filters ?? []) {
      if (f.kind === 'dateRange') continue;
      keys.push(f.label);
      if (f.kind !== 'search') for (const c of f.choices ?? []) keys.push(c.label);
    }
  }
  return keys;
}

describe('resource registry', () => {
  it('has a declaration for every folder under src/resources/', () => {
    const folders = fs.readdirSync(resourcesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(Object.keys(declarationsByFolder).sort()).toEqual(folders);
    for (const [folder, d] of Object.entries(declarationsByFolder)) {
      expect(d?.name, folder).toBeTruthy();
      expect(d.api, folder).toBeDefined();
    }
  });

  it('names each resource once and each route once', () => {
    const names = declarations.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = declarations.flatMap((d) => (d.route ? [`${d.route.scope}:${d.route.path}`] : []));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every list a list endpoint and sends every declared filter', () => {
    for (const d of declarations) {
      if (!d.list) continue;
      expect(d.api.list, d.name).toBeTruthy();
      for (const f of d.list.filters ?? []) {
        const sources = f.kind === 'dateRange' ? ['date_from', 'date_to'] : [f.source];
        for (const s of sources) expect(d.api.filters?.[s] ?? d.api.clientFilters?.[s], `${d.name}: filter ${s}`).toBeDefined();
      }
      for (const c of d.list.columns) if (c.sortable) expect(d.api.paging, `${d.name}: ${c.source} sorts in the browser`).toBe('none');
    }
  });

  it('gives every select and multi-select filter its choices one way: declared codes or choicesFrom an endpoint', () => {
    for (const d of declarations) {
      for (const f of d.list?.filters ?? []) {
        if (f.kind !== 'select' && f.kind !== 'multi') continue;
        const ways = [f.choices?.length ? 'choices' : '', f.choicesFrom ? 'choicesFrom' : ''].filter(Boolean);
        expect(ways, `${d.name}: filter ${f.source}`).toHaveLength(1);
        if (f.choicesFrom) expect(f.choicesFrom.path, `${d.name}: filter ${f.source}`).toMatch(/^\/api\//);
      }
    }
  });

  it('has every list label and enum word in ru and in en, written once for both sides (domain/)', () => {
    // The server's exports and API document and the screens' dictionaries read these (#27): a word
    // missing in one language would be missing on every side at once.
    const sources = {
      ...fieldLabels.ALL_FIELD_LABELS,
      ...Object.fromEntries(Object.entries(enumLabels).filter(([name]) => name.endsWith('_LABELS'))),
    } as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    for (const [name, labels] of Object.entries(sources)) {
      for (const [key, label] of Object.entries(labels)) {
        for (const lang of ['ru', 'en']) expect(label[lang], `${lang} ${name}.${key}`).toMatch(/\S/);
      }
    }
  });

  it('finds every i18n key of every declaration in ru and in en', () => {
    for (const d of declarations) {
      for (const key of keysOf(d)) {
        expect(typeof lookup({ ...ruMessages }, key), `ru ${d.name}: ${key}`).toBe('string');
        expect(typeof lookup({ ...enMessages }, key), `en ${d.name}: ${key}`).toBe('string');
      }
      // Enum columns: every value a filter offers for the same field has its label.
      for (const c of d.list?.columns ?? []) {
        if (c.kind !== 'enum') continue;
        const filter = d.list?.filters?.find((f) => f.kind !== 'dateRange' && f.source === c.source);
        const values = filter && filter.kind !== 'dateRange' && filter.kind !== 'search' ? (filter.choices ?? []).map((x) => x.value) : [];
        for (const v of values) {
          expect(typeof lookup(ruMessages, `${c.prefix}${v}`), `ru ${c.prefix}${v}`).toBe('string');
          expect(typeof lookup(enMessages, `${c.prefix}${v}`), `en ${c.prefix}${v}`).toBe('string');
        }
      }
    }
  });
});
