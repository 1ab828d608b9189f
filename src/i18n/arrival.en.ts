// #44 Arrival: the guest's page, the desk's arrivals, consent documents, the order log's entries.
import { textsIn } from '../../domain/fieldLabels';
import { CONSENT_KIND_LABELS, PERSONAL_DATA_DETAIL_LABELS } from '../../domain/arrivals';

export const arrivalEn = {
  kinds: textsIn(CONSENT_KIND_LABELS, 'en'),
  details: textsIn(PERSONAL_DATA_DETAIL_LABELS, 'en'),
  desk: {
    menu: 'Arrivals',
    title: 'Arrivals',
    heading: 'Arrivals: %{location}',
    date: 'Day',
    search: 'Phone, name, order number or QR code',
    searchHint: 'A QR code scanner types it by itself',
    find: 'Find',
    off: 'Arrivals are off at this location: turn them on in its settings.',
    empty: 'No bookings on this day.',
    paid: 'Paid',
    owes: 'Owes %{amount}',
    signed: 'Signed %{n} of %{total}',
    checked: 'Checked in %{n} of %{total}',
    noShow: 'No-show',
    checkIn: 'Check in',
    guest: 'Guest %{n}',
    unsigned: 'not signed',
    reason: 'Reason',
    override: 'Check in anyway',
    askManager: 'A manager or an administrator can check in past this, with a reason.',
    checkedIn: 'Order №%{id}: checked in',
    undone: 'Order №%{id}: check-in undone',
  },
  order: {
    title: 'Arrival',
    send: 'Copy the link for the guests',
    copied: 'The link is copied: send it to the guests',
    qr: 'Show QR',
    qrTitle: 'The guests\u2019 page',
    qrAlt: 'QR code of the guests\u2019 page',
    qrHint: 'A guest scans it with the phone\u2019s camera and signs the documents.',
  },
  log: {
    checkedIn: 'Checked in: %{names}',
    undone: 'Check-in undone: %{names}',
    overridden: 'Past a block (%{reason})',
    signed: '%{name} signed “%{document}”, version %{version}',
    noShow: 'Nobody came by the session\u2019s start and the grace period: a no-show',
  },
  // The desk's tablet mode: the guests' page on the desk's device.
  tablet: {
    open: 'Sign on the tablet',
    title: 'Order №%{id}: signing',
    exit: 'Back to the desk',
    exitHint: 'Staff: hold for two seconds',
    frame: 'The guests\u2019 signing page',
    failed: 'The order could not be opened: hold the button to go back to the desk.',
    logSigned: '%{name} signed “%{document}”, version %{version}, on the desk\u2019s tablet',
  },
  // Reading the QR code with the device's camera.
  camera: {
    open: 'Scan with the camera',
    title: 'Point the camera at the QR code',
    close: 'Close',
    denied: 'The camera could not be opened: allow it in the browser, or type the code.',
    video: 'The camera\u2019s picture',
  },
};
