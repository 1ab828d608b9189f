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

/**
 * The tools page's tabs: the declarations with `menu.tools`, in their `order` (the tab's place and
 * label are the declaration's; tests/unit/forms.test.ts reports two tabs with one order).
 */
export const toolsTabs: ResourceDeclaration[] = declarations.filter((d) => d.menu?.tools).sort((a, b) => a.menu!.tools!.order - b.menu!.tools!.order);

/**
 * What the tools page holds, as a card's hint: its tabs' labels in their order ("Early booking, promo
 * codes, ..."), so a new tab is named without a text to edit. A later label's capital goes lower
 * unless it is an acronym's (URL, CRM).
 */
export function toolsSummary(translate: (key: string) => string): string {
  return toolsTabs.map((d, i) => {
    const label = translate(d.menu!.tools!.label);
    return i > 0 && /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
  }).join(', ');
}
