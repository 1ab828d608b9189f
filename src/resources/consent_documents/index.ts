// #44 A location's consent documents (/locations/:location_id/consent_documents), role 40 there: the
// personal-data consent (152-FZ, its eight facts as fields), "Правила посещения и инструктаж" and the
// optional marketing consent, each with its current version, its ru and en texts and its history; a
// save is a new version that guests sign again. The venue's personal-data policy link (published,
// never signed) is set here too. The server: server/modules/arrivals/documents.ts.
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'consent_documents',
  route: { scope: 'location', path: 'consent_documents' },
  access: { minRole: 40 },
  menu: { icon: HistoryEduIcon, management: { order: 7, section: 'more', label: 'app.consentDocuments.card', hint: 'app.consentDocuments.cardHint' } },
  api: {
    list: '/api/v2.2/locations/{location_id}/consent_documents/',
    paging: 'none',
    create: '/api/v2.2/locations/{location_id}/consent_documents/',
    update: { path: '/api/v2.2/consent_documents/{id}/', method: 'PUT' },
    actions: { versions: { path: '/api/v2.2/consent_documents/{id}/versions/', method: 'GET' } },
  },
  screen: lazyPart(() => import('../../pages/management/ConsentDocumentsPage'), 'ConsentDocumentsPage'),
});
