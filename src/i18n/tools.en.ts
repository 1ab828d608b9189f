// English texts of the tools screens, mounted at app.tools.* by en.ts. tools.ru.ts mirrors it.
export const toolsEn = {
  title: 'Tools',
};
