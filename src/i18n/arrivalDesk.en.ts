// #44 Arrival at the desk, the parts of h44-desk: the order page's "Send link", the orders list's
// no-show filter, the booking form's no-shows of a phone. arrivalDesk.ru.ts mirrors it key for key.
export const arrivalDeskEn = {
  sendLink: 'Send link',
  sendLinkHint: 'The guests\u2019 page goes to %{email}: each guest signs the documents before coming',
  noEmail: 'The order has no e-mail: add one, or show the guests the QR code',
  linkSent: 'The link is sent to %{email}',
  copyLink: 'Copy link',
  noShowFilter: 'No-shows',
  noShowChoices: { all: 'All orders', yes: 'No-shows only', no: 'Without no-shows' },
  phoneNoShows: '%{smart_count} no-show for this phone |||| %{smart_count} no-shows for this phone',
};
