// Mounted once in the layout: a 401 to any call (a screen's query, the live stream's ticket, a
// button) ends the session once and lands on the login page at once (#18). Queries reach the login
// page through react-admin's checkError; a ticket or a call outside react-admin did not, and left
// the screen standing with no token until the next click. Signing in again returns to this address.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from './session';

export function SessionEndWatch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => session.onEnded(() => {
    navigate('/login', { replace: true, state: { nextPathname: pathname, nextSearch: search } });
  }), [navigate, pathname, search]);
  return null;
}
