// Russian texts of the live desk (src/live), key for key the same as live.en.ts.
import type { liveEn } from './live.en';

export const liveRu: typeof liveEn = {
  offline: 'Нет связи с сервером: переподключаемся…',
  sessionGone: 'Сеанс %{time} больше недоступен.',
  sessionFull: 'Сеанс %{time} только что заполнили.',
  sessionFewer: 'В сеансе %{time} осталось мест: %{n}.',
  nearest: 'Ближайшие свободные сеансы:',
  noneFree: 'В этот день других сеансов со свободными местами нет.',
  multiSessionGone: 'Сеанс %{time} на «%{playground}» заняли или убрали.',
  removeSession: 'Убрать из заказа',
  noneFreeHere: 'Других свободных сеансов на этой площадке в этот день нет.',
};
