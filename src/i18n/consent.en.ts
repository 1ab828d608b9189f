// #40 The customers' personal-data consent on the staff screens: the location settings' section
// (the consent text, its version, the privacy policy link) and the order page's record.
export const consentEn = {
  section: 'Customers\' personal data',
  sectionHint: 'The booking widget shows the customer this text and the policy link, and takes no booking without the consent.',
  privacyUrl: 'Privacy policy link',
  privacyUrlHint: 'The address of the policy page on your site, https://…; empty: no link.',
  text: 'Personal data consent text',
  textHint: 'A changed text is saved as a new version; each order keeps the version its customer accepted.',
  version: 'Version %{version}, changed %{date}',
  fromTemplate: 'Start from the template',
  replaceTitle: 'Replace the text with the template?',
  replaceText: 'The text in the field will be replaced by the template. The saved version stays until you save.',
  lawTitle: 'What the law (152-FZ) expects the text to name:',
  law: {
    operator: 'the operator: the legal entity, its INN (tax number) and address;',
    purposes: 'the purposes of the processing;',
    data: 'the data processed;',
    actions: 'the actions with the data;',
    term: 'the term of the consent;',
    withdraw: 'how to withdraw the consent.',
  },
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
