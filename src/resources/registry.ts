// Every resource of the app: the default export of each `src/resources/<folder>/index.ts(x)`,
// found by Vite at build time. App, the menus and the dataProvider read only this, so adding a
// folder with a declaration is all it takes. Eager: the declarations are small objects; their
// screens and custom parts load on demand (lazy routes, `lazyPart`).
import type { ResourceDeclaration } from './declaration';

const modules = import.meta.glob<{ default: ResourceDeclaration }>('./*/index.{ts,tsx}', { eager: true });

/** Folder name -> declaration (the unit test checks every folder has one). */
export const declarationsByFolder: Record<string, ResourceDeclaration> = Object.fromEntries(
  Object.entries(modules).map(([path, module]) => [path.split('/')[1]!, module.default]),
);

export const declarations: ResourceDeclaration[] = Object.values(declarationsByFolder);

export function declaration(name: string): ResourceDeclaration {
  const found = declarations.find((d) => d.name === name);
  if (!found) throw new Error(`Unknown resource ${name}`);
  return found;
}
