// react-admin's store (localStorage): the language, list settings and switches such as the
// booking calendar's archive switch. One object, so code outside React (the HTTP client's
// Accept-Language) reads the same values react-admin writes.
import { localStorageStore } from 'react-admin';

export const store = localStorageStore(undefined, 'RaStore');
