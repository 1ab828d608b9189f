// #28 GAPS: the games catalogue (/locations/:location_id/games_catalogue), shared by every location:
// owners add and change games (POST /api/v2.1/games/, PUT /api/v2.1/games/{id}/, the server:
// server/modules/catalogue/writes.ts); a location then offers them through "Choose games and
// playgrounds" on its games page, which links here for owners. The age ratings are one line
// "RU 12+, US 13+" (domain/games.ts).
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { session } from '../../authProvider/session';
import { AGE_RATINGS_LINE_MAX, formatAgeRatings, parseAgeRatings, type AgeRating } from '../../../domain/games';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { defineResource, type FieldDeclaration } from '../declaration';

const t = (key: string) => `app.catalogue.gameCatalogue.${key}`;
const f = (key: string) => t(`fields.${key}`);
const isOwner = () => !!session.user()?.is_owner;

const fields: FieldDeclaration[] = [
  { kind: 'text', source: 'name', label: f('name'), required: true, maxLength: TEXT_LIMITS.itemName },
  { kind: 'text', source: 'genre', label: f('genre'), maxLength: TEXT_LIMITS.itemName },
  { kind: 'text', source: 'info', label: f('info'), hint: t('infoHint'), maxLength: AGE_RATINGS_LINE_MAX,
    rules: [(v) => (parseAgeRatings(String(v ?? '')) ? undefined : t('infoInvalid'))] },
];
// The line is checked by the rule above; anything left unparsed is sent as none.
const body = (data: Record<string, any>) => ({ name: data.name, genre: data.genre ?? '', info: parseAgeRatings(String(data.info ?? '')) ?? [] });

export default defineResource({
  name: 'games_catalogue',
  route: { scope: 'location', path: 'games_catalogue' },
  access: { minRole: 40 },
  api: {
    list: '/api/v2.1/games/',
    paging: 'none',
    create: '/api/v2.1/games/',
    actions: { change: { path: '/api/v2.1/games/{id}/', method: 'PUT' } },
  },
  list: {
    title: t('title'),
    empty: t('empty'),
    hint: t('hint'),
    // #42 Opened from the location's games page: back there.
    back: { to: '/locations/{location_id}/games_table', label: 'app.words.back.games' },
    actions: [{ form: 'add', label: t('add'), icon: AddIcon, variant: 'contained', when: isOwner }],
    columns: [
      { kind: 'text', source: 'name', label: f('name') },
      { kind: 'text', source: 'genre', label: f('genre') },
      { kind: 'text', source: 'info', label: f('info'), value: (r: { info: AgeRating[] }) => formatAgeRatings(r.info ?? []) },
    ],
  },
  actionForms: {
    add: { action: 'create', testId: 'game-create', title: t('addTitle'), width: 'sm', fields, body, done: t('created'), doneArgs: (saved) => ({ name: saved?.name }) },
    change: {
      action: 'change', testId: 'game-change', title: t('editTitle'), submit: 'app.common.save', width: 'sm', fields, body,
      defaults: ({ record }) => ({ name: record?.name, genre: record?.genre, info: formatAgeRatings(record?.info ?? []) }),
      done: t('updated'), doneArgs: (saved) => ({ name: saved?.name }),
    },
  },
  rowActions: [{ kind: 'form', form: 'change', label: t('edit'), icon: EditIcon, when: isOwner }],
  messageArgs: (r: { name: string }) => ({ name: r.name }),
  recordRepresentation: (r: { name: string }) => r.name,
});
