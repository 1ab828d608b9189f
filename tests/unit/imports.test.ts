// Imports run one way (README, "Where things are"): pages use components and resources, never the
// reverse; the browser and the server share only domain/; no two server modules import each other,
// even through a third; nothing is exported that nobody uses. Read from the source text, so a new
// file is checked without a line here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

interface Import {
  from: string;
  /** The imported file's path from the repository root, without extension (relative imports only). */
  to: string;
  dynamic: boolean;
  line: string;
}

// `import x from '...'`, `import type {..} from '...'`, `export * from '...'`, `import '...'`, `import('...')`.
const STATIC = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a file, comments left out (a doc comment may show an example import). */
function importsOf(file: string, text = fs.readFileSync(path.join(root, file), 'utf8')): Import[] {
  const code = text.split('\n').filter((l) => !/^\s*(\/\/|\/\*|\*)/.test(l)).join('\n');
  const found: Import[] = [];
  for (const [re, dynamic] of [[STATIC, false], [DYNAMIC, true]] as const) {
    for (const m of code.matchAll(re)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.(ts|tsx|js)$/, '');
      found.push({ from: file, to, dynamic, line: m[0].trim().replace(/\s+/g, ' ') });
    }
  }
  return found;
}

const clientFiles = sourceFiles('src');
const serverFiles = sourceFiles('server');
const domainFiles = sourceFiles('domain');

const isPage = (p: string) => p.startsWith('src/pages/');
/** The app's shell: the routes that bind every page, above everything else in src/. */
const SHELL = new Set(['src/App.tsx', 'src/main.tsx']);

/**
 * A resource declaration names its hand-written screen as `lazyPart(() => import('../../pages/...'))`:
 * the declaration is the route table, and the screen loads only when its route opens, so that one
 * form stays allowed; any other import of a page from below (a type, a helper) is not.
 */
const isScreenBinding = (i: Import) => i.dynamic && /^src\/resources\/[^/]+\/index$/.test(i.from.replace(/\.tsx?$/, ''));

/** Folders of server/modules whose files import each other's, as `a -> b` edges. */
function moduleGraph(files: string[], read: (f: string) => Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (p: string) => /^server\/modules\/([^/]+)\//.exec(p)?.[1];
  for (const f of files) {
    const a = moduleOf(f);
    if (!a) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    for (const i of read(f)) {
      const b = moduleOf(i.to);
      if (b && b !== a) graph.get(a)!.add(b);
    }
  }
  return graph;
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components), larger than one. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

describe('imports run one way', () => {
  it('finds the imports it checks (a parser that finds nothing would pass everything)', () => {
    const all = [...clientFiles, ...serverFiles, ...domainFiles].flatMap((f) => importsOf(f));
    expect(all.length).toBeGreaterThan(1000);
    expect(importsOf('x/a.ts', "import type {\n  A,\n  B,\n} from '../y/b';\nconst C = lazy(() => import('./c'));\nexport * from './d';"))
      .toEqual([
        { from: 'x/a.ts', to: 'y/b', dynamic: false, line: "import type { A, B, } from '../y/b'" },
        { from: 'x/a.ts', to: 'x/d', dynamic: false, line: "export * from './d'" },
        { from: 'x/a.ts', to: 'x/c', dynamic: true, line: "import('./c')" },
      ]);
  });

  it('nothing below the pages (components, calendar, resources, i18n, layout, live, ...) imports from src/pages/', () => {
    const upward = clientFiles
      .filter((f) => !isPage(f) && !SHELL.has(f))
      .flatMap((f) => importsOf(f))
      .filter((i) => isPage(i.to) && !isScreenBinding(i))
      .map((i) => `${i.from}: ${i.line}`);
    expect(upward).toEqual([]);
  });

  it('no two server modules depend on each other, directly or through others', () => {
    expect(cycles(moduleGraph(serverFiles, (f) => importsOf(f)))).toEqual([]);
  });

  // #41 Files too, type imports included: a circle of files (provider.ts -> yookassa.ts -> provider.ts) is
  // as hard to read and to load in order as a circle of modules. The fix is a file of the shared types
  // or constants that both sides import.
  it('no two files depend on each other, directly or through others (server, browser and domain/)', () => {
    const files = [...serverFiles, ...clientFiles, ...domainFiles];
    const known = new Set(files.map((f) => f.replace(/\.(ts|tsx|mts)$/, '')));
    const graph = new Map<string, Set<string>>();
    for (const f of files) {
      const from = f.replace(/\.(ts|tsx|mts)$/, '');
      const to = importsOf(f).map((i) => (known.has(i.to) ? i.to : `${i.to}/index`)).filter((t) => known.has(t) && t !== from);
      graph.set(from, new Set(to));
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('the browser app and domain/ import nothing of server/', () => {
    const bad = [...clientFiles, ...domainFiles].flatMap((f) => importsOf(f)).filter((i) => i.to.startsWith('server/'));
    expect(bad.map((i) => `${i.from}: ${i.line}`)).toEqual([]);
  });

  it('the server and domain/ import nothing of src/', () => {
    const bad = [...serverFiles, ...domainFiles].flatMap((f) => importsOf(f)).filter((i) => i.to.startsWith('src/'));
    expect(bad.map((i) => `${i.from}: ${i.line}`)).toEqual([]);
  });
});

/** Files whose exports are found by name at run time, not imported: drizzle-kit reads every table of the schema, the server every list and write declaration. */
const FOUND_BY_REFLECTION = [/^server\/db\/schema\.ts$/, /^server\/modules\/[^/]+\/(?:lists|writes)\.ts$/];

/** The names a file exports: its declarations, and what it passes on (`export { a as b } from`). */
function exportsOf(text: string): { name: string; passedOn: boolean }[] {
  const declared = [...text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm)]
    .map((m) => ({ name: m[1]!, passedOn: false }));
  const passedOn = [...text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s/gm)]
    .flatMap((m) => m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/).pop()!).filter(Boolean))
    .map((name) => ({ name, passedOn: true }));
  return [...declared, ...passedOn];
}

describe('exports', () => {
  it('nothing is exported that no file uses (an export used only in its own file is kept: a part of its signatures)', () => {
    const everyFile = [...clientFiles, ...serverFiles, ...domainFiles, ...sourceFiles('tests'), ...sourceFiles('bench')];
    // Every identifier of every file, counted: whether a name is used is whether it occurs.
    const words = new Map(everyFile.map((f) => {
      const counts = new Map<string, number>();
      for (const w of fs.readFileSync(path.join(root, f), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
      return [f, counts];
    }));
    const unused: string[] = [];
    for (const file of [...clientFiles, ...serverFiles, ...domainFiles]) {
      if (FOUND_BY_REFLECTION.some((re) => re.test(file))) continue;
      for (const { name, passedOn } of exportsOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
        const elsewhere = everyFile.some((f) => f !== file && words.get(f)!.has(name));
        const inside = !passedOn && (words.get(file)!.get(name) ?? 0) > 1;
        if (!elsewhere && !inside) unused.push(`${file}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
