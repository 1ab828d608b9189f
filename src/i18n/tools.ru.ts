// Russian texts of the tools screens, key for key the same as tools.en.ts.
import type { toolsEn } from './tools.en';

export const toolsRu: typeof toolsEn = {
  title: 'Инструменты',
};
