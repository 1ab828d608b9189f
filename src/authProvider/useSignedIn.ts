// The one guard of every signed-in screen: react-admin's useAuthenticated, and, when this tab has no
// session (after a logout the browser's Back button brings a screen back), straight to the login
// page, before the screen's queries (refused without a token by the HTTP client) can matter.
import { useEffect } from 'react';
import { useAuthenticated } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from './session';

export function useSignedIn(): boolean {
  useAuthenticated();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = !!session.token();
  useEffect(() => {
    if (!signedIn) navigate('/login', { replace: true, state: { nextPathname: location.pathname, nextSearch: location.search } });
  }, [signedIn, navigate, location.pathname, location.search]);
  return signedIn;
}
