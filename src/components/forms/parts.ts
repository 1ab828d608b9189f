// Loads a declaration's custom parts (cells, dialogs) before its screen renders, one chunk each.
import { useEffect, useState, type ComponentType } from 'react';
import type { Part, ResourceDeclaration } from '../../resources/declaration';

export type LoadedParts = Map<Part<any>, ComponentType<any>>;

/** Every part a declaration names: custom columns, the toolbar, row dialogs, the after-create part. */
export function partsOf(d: ResourceDeclaration): Part<any>[] {
  return [
    ...(d.list?.toolbar ? [d.list.toolbar] : []),
    ...(d.list?.columns ?? []).flatMap((c) => (c.kind === 'custom' ? [c.render] : [])),
    ...(d.rowActions ?? []).flatMap((a) => (a.kind === 'dialog' ? [a.dialog] : [])),
    ...(d.form?.afterCreate ? [d.form.afterCreate] : []),
  ];
}

export function useLoadedParts(d: ResourceDeclaration): LoadedParts | null {
  const [loaded, setLoaded] = useState<LoadedParts | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(partsOf(d).map(async (part) => [part, await part.load()] as const))
      .then((entries) => { if (live) setLoaded(new Map(entries)); });
    return () => { live = false; };
  }, [d]);
  return loaded;
}
