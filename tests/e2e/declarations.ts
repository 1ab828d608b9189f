// The resource declarations as the e2e specs read them: every src/resources/<folder>/index.ts[x], in
// folder order. Loaded from the files (not through src/resources/registry.ts, which uses Vite's
// import.meta.glob), so a new declaration is in every generated walk without a line of test.
import fs from 'node:fs';
import path from 'node:path';
import type { ResourceDeclaration } from '../../src/resources/declaration';

const resourcesDir = path.join(import.meta.dirname, '../../src/resources');

export async function loadDeclarations(): Promise<ResourceDeclaration[]> {
  const out: ResourceDeclaration[] = [];
  for (const folder of fs.readdirSync(resourcesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    const file = ['index.ts', 'index.tsx'].map((f) => path.join(resourcesDir, folder, f)).find((f) => fs.existsSync(f));
    if (file) out.push(((await import(file)) as { default: ResourceDeclaration }).default);
  }
  return out;
}
