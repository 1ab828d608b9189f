// #42 (h42-words) Тексты журнала установки, закрытых локаций, длительности сеанса, цен и мелочей,
// в одном своём разделе (app.words).
import type { wordsEn } from './words.en';

export const wordsRu: typeof wordsEn = {
  activity: {
    installationCard: 'Журнал установки',
    installationCardHint: 'Владельцы, учётные записи, каталог игр и создание каждой локации',
    installationTitle: 'Журнал установки',
  },
};
