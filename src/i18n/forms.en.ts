// English texts of the generic forms and row actions (src/components/forms/), at app.forms.*.
export const formsEn = {
  actions: 'Actions',
  edit: 'Edit',
  moreActions: 'More actions for №%{id}',
  delete: 'Delete',
  timePlaceholder: 'HH:MM',
  time: 'Time',
  dateTimeInvalid: 'Enter the date as DD.MM.YYYY and the time as HH:MM',
  // #42 a secret input's show button; a text to copy
  secret: { show: 'Show', hide: 'Hide' },
  copy: { button: 'Copy', copied: 'Copied.', failed: 'Could not copy: select the text and copy it by hand.' },
};
