// Deleting a row of a tools table: ask with a yes/no dialog, DELETE, refresh the list and say so.
// `ask(row)` opens the dialog; `dialog` is rendered once by the tab.
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';

export function useConfirmedDelete<Row>(opts: {
  /** The row's DELETE address. */
  url: (row: Row) => string;
  refetch: () => Promise<unknown>;
  /** i18n keys of the dialog's title and text and of the message after deleting, with their arguments. */
  title: string;
  text: string;
  deleted: string;
  args: (row: Row) => Record<string, unknown>;
}): { ask: (row: Row) => void; dialog: ReactNode } {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const [deleting, setDeleting] = useState<Row | null>(null);

  const remove = async () => {
    const row = deleting!;
    const done = await run(() => api(opts.url(row), { method: 'DELETE' }).then(() => true));
    setDeleting(null);
    if (!done) return;
    await opts.refetch();
    notify(opts.deleted, { type: 'success', messageArgs: opts.args(row) });
  };

  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title={translate(opts.title)}
      text={deleting !== null ? translate(opts.text, opts.args(deleting)) : undefined}
      onConfirm={remove}
      onClose={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}
