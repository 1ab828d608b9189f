// #40 The customers' personal-data consent on the staff screens: the order page's record. (The
// location settings' consent editor is gone since #44: the documents for guests edit it.)
export const consentEn = {
  order: {
    title: 'Personal data consent',
    version: 'Text version',
    acceptedAt: 'Accepted at',
    ip: 'IP address',
    browser: 'Browser',
    hash: 'Text hash (SHA-256)',
    showText: 'Show the text',
    textTitle: 'Consent text, version %{version}',
    notRecorded: 'No consent recorded: the order was made in the widget before it asked for one.',
  },
};
