// Russian texts of the management screens, key for key the same as management.en.ts.
import type { managementEn } from './management.en';

export const managementRu: typeof managementEn = {
  title: 'Управление локацией',
};
