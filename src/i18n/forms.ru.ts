// Русские тексты общих форм и действий строк (src/components/forms/), app.forms.*.
export const formsRu = {
  actions: 'Действия',
  edit: 'Изменить',
  moreActions: 'Другие действия с №%{id}',
  delete: 'Удалить',
};
