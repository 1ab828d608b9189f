// The app's one navigation blocker (#30). react-router holds one blocker at a time, and two things
// need it: a page holding a form (leaving the page while it is dirty asks, useLeaveGuard) and an
// open form dialog (the browser's Back closes it, or asks when it is dirty, as Escape does:
// GuardedDialog). Both register here; the one useBlocker asks them, the dialog opened last first.
// Kept free of MUI and react-admin: it wraps the whole app, the login page included.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';

interface LeaveGuard {
  /** A dialog: Back (or Forward) is given to it, and the page stays where it is. */
  back?: () => void;
  /** A page's form: a move to another address while this answers true is stopped and asked about. */
  holds?: () => boolean;
}

interface Registry {
  add: (guard: LeaveGuard) => () => void;
  /** The page guard whose move was stopped (its question is open), or null. */
  asking: LeaveGuard | null;
  /** Answers to the question: stay, or go where the stopped move went. */
  stay: () => void;
  go: () => void;
}

const GuardsContext = createContext<Registry | null>(null);

export function LeaveGuards({ children }: { children: ReactNode }) {
  const guards = useRef<LeaveGuard[]>([]);
  const stoppedBy = useRef<LeaveGuard | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    const list = guards.current;
    const dialog = [...list].reverse().find((g) => g.back);
    // Only the history's own moves: a dialog's own links and saves (pushes) go as before.
    if (dialog && historyAction === 'POP') {
      stoppedBy.current = dialog;
      return true;
    }
    const moves = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    stoppedBy.current = (moves && list.find((g) => g.holds?.())) || null;
    return stoppedBy.current !== null;
  });
  const blocked = blocker.state === 'blocked' ? stoppedBy.current : null;
  // A dialog's Back: the address stays (the router has put it back) and the dialog closes or asks.
  useEffect(() => {
    if (blocker.state !== 'blocked' || !blocked?.back) return;
    blocker.reset();
    blocked.back();
  }, [blocker, blocked]);
  const add = useMemo(() => (guard: LeaveGuard) => {
    guards.current = [...guards.current, guard];
    return () => { guards.current = guards.current.filter((g) => g !== guard); };
  }, []);
  const value = useMemo<Registry>(() => ({
    add,
    asking: blocked && !blocked.back ? blocked : null,
    stay: () => blocker.reset?.(),
    go: () => blocker.proceed?.(),
  }), [add, blocked, blocker]);
  return <GuardsContext.Provider value={value}>{children}</GuardsContext.Provider>;
}

/**
 * While `active`, registers a guard whose functions may change between renders (the latest are
 * called). `asking`: this page guard stopped a move; `stay` and `go` answer it.
 */
export function useRegisterGuard(active: boolean, guard: LeaveGuard): { asking: boolean; stay: () => void; go: () => void } {
  const registry = useContext(GuardsContext);
  const latest = useRef(guard);
  latest.current = guard;
  const isDialog = !!guard.back;
  const stable = useMemo<LeaveGuard>(() => (isDialog
    ? { back: () => latest.current.back?.() }
    : { holds: () => latest.current.holds?.() ?? false }), [isDialog]);
  const add = registry?.add;
  useEffect(() => (active && add ? add(stable) : undefined), [active, add, stable]);
  return { asking: !!registry && registry.asking === stable, stay: () => registry?.stay(), go: () => registry?.go() };
}
