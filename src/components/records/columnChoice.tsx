// Which columns of a list a user sees: a menu of the declared columns with a box each. The choice
// is kept per signed-in user and list in the browser's localStorage (`listColumns:<user id>:<list>`),
// outside react-admin's store, which a logout empties; a column added later is shown, since only
// the hidden ones are kept. The exports keep every column.
import { useCallback, useEffect, useState } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslate } from 'react-admin';
import { session } from '../../authProvider/session';
import type { ColumnDeclaration } from '../../resources/declaration';

const keyOf = (list: string) => `listColumns:${session.user()?.id ?? 'anonymous'}:${list}`;

function read(key: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return []; // a value written by hand or by an older version: every column shown
  }
}

/** The sources of the columns the signed-in user hid in this list, and a setter that keeps them. */
export function useHiddenColumns(list: string): [string[], (hidden: string[]) => void] {
  const key = keyOf(list);
  const [hidden, setHidden] = useState(() => read(key));
  useEffect(() => setHidden(read(key)), [key]);
  const set = useCallback((next: string[]) => {
    localStorage.setItem(key, JSON.stringify(next));
    setHidden(next);
  }, [key]);
  return [hidden, set];
}

export function ColumnChoice({ columns, hidden, onChange }: { columns: ColumnDeclaration[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = columns.filter((c) => !hidden.includes(c.source));
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="true" aria-expanded={anchor ? 'true' : undefined} title={translate('app.records.columnsHint')} data-testid="column-choice"
        sx={{ flexShrink: 0 }}>
        {translate('app.records.columns')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': translate('app.records.columnsHint') } }}>
        {columns.map((c) => {
          const visible = !hidden.includes(c.source);
          // The last shown column stays: a table without columns shows nothing to choose back from.
          const last = visible && shown.length === 1;
          return (
            <MenuItem key={c.source} dense disabled={last} role="menuitemcheckbox" aria-checked={visible}
              onClick={() => onChange(visible ? [...hidden, c.source] : hidden.filter((s) => s !== c.source))}>
              {/* The item itself is the checkbox (menuitemcheckbox): the box is a picture of its state. */}
              <ListItemIcon>{visible ? <CheckBoxIcon fontSize="small" color="primary" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={translate(c.label).replace(/\u00ad/g, '')} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
