// A playground's types in the reader's language (the list's `types` column).
import { useTranslate } from 'react-admin';

export function PlaygroundTypes({ record }: { record: { types: string[] } }) {
  const translate = useTranslate();
  return <>{record.types.map((type) => translate(`app.catalogue.types.${type}`, { _: type })).join(', ')}</>;
}
