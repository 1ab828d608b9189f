// Русские тексты общих форм и действий строк (src/components/forms/), app.forms.*.
export const formsRu = {
  actions: 'Действия',
  edit: 'Изменить',
  moreActions: 'Другие действия с №%{id}',
  delete: 'Удалить',
  timePlaceholder: 'ЧЧ:ММ',
  time: 'Время',
  dateTimeInvalid: 'Введите дату ДД.ММ.ГГГГ и время ЧЧ:ММ',
};
