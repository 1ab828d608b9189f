// Location launcher sessions (/locations/:location_id/sessions): the resource config of the generic record list.
import { Box } from '@mui/material';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { LocationRecordList, NewTabLink, formatDateTime, type RecordListConfig } from '../../components/records/LocationRecordList';

interface SessionRow {
  uuid: string; orders_ids: number[]; started: string; ended: string | null; playground: string; game: string;
  players_cnt: number; session_type: number;
}

const f = (name: string) => `resources.location_sessions.fields.${name}`;

function SessionType({ value }: { value: number }) {
  const translate = useTranslate();
  return <>{translate(`app.records.sessionType.t${value}`, { _: String(value) })}</>;
}

export const sessionsConfig: RecordListConfig = {
  resource: 'location_sessions',
  titleKey: 'app.records.sessionsTitle',
  emptyKey: 'app.records.sessionsEmpty',
  csvName: 'sessions.csv',
  columns: [
    <TextField key="uuid" source="uuid" label={f('uuid')} sortable={false} />,
    <FunctionField<SessionRow> key="orders_ids" source="orders_ids" label={f('orders_ids')} sortable={false}
      render={(r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
          {(r.orders_ids ?? []).map((id) => <NewTabLink key={id} href={`/orders/${id}`}>{id}</NewTabLink>)}
        </Box>
      )} />,
    <FunctionField<SessionRow> key="started" source="started" label={f('started')} sortable={false} render={(r) => formatDateTime(r.started)} />,
    <FunctionField<SessionRow> key="ended" source="ended" label={f('ended')} sortable={false} render={(r) => formatDateTime(r.ended)} />,
    <TextField key="playground" source="playground" label={f('playground')} sortable={false} emptyText="—" />,
    <TextField key="game" source="game" label={f('game')} sortable={false} emptyText="—" />,
    <TextField key="players_cnt" source="players_cnt" label={f('players_cnt')} sortable={false} />,
    <FunctionField<SessionRow> key="session_type" source="session_type" label={f('session_type')} sortable={false}
      render={(r) => <SessionType value={r.session_type} />} />,
  ],
};

export function SessionsPage() {
  return <LocationRecordList config={sessionsConfig} />;
}
