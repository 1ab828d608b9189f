// #44 Arrival: the guest's page, the desk's arrivals, consent documents, the order log's entries.
import { textsIn } from '../../domain/fieldLabels';
import { CONSENT_KIND_LABELS, PERSONAL_DATA_DETAIL_LABELS } from '../../domain/arrivals';

export const arrivalEn = {
  kinds: textsIn(CONSENT_KIND_LABELS, 'en'),
  details: textsIn(PERSONAL_DATA_DETAIL_LABELS, 'en'),
  log: {
    checkedIn: 'Checked in: %{names}',
    undone: 'Check-in undone: %{names}',
    overridden: 'Past a block (%{reason})',
    signed: '%{name} signed “%{document}”, version %{version}',
    noShow: 'Nobody came by the session\u2019s start and the grace period: a no-show',
  },
};
