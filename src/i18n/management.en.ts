// English texts of the management screens, mounted at app.management.* by en.ts. management.ru.ts mirrors it.
export const managementEn = {
  title: 'Management',
};
