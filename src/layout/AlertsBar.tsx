// Dismissible error and success alerts under the header. It renders react-admin's notification
// queue (useNotify), so every screen reports through one mechanism; each alert closes itself
// after ALERT_TIMEOUT_MS or with its close button, and #42 once another screen opens (a notice
// raised on one screen is about that screen; one raised just before the move to the screen it
// leads to, "saved" then the saved record's page, stays: ROUTE_GRACE_MS).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { ALERT_TIMEOUT_MS } from '../../domain/constants';

/** A notice raised this shortly before a move goes with it (an action that saves, then opens what it saved). */
const ROUTE_GRACE_MS = 1000;

export function AlertsBar() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  const timers = useRef(new Map<NotificationPayload, ReturnType<typeof setTimeout>>());
  const { pathname } = useLocation();
  const raised = useRef(new Map<NotificationPayload, number>());

  // Another screen: the notices raised before the move (not in its last moment) are gone.
  useEffect(() => {
    const now = Date.now();
    const stale = notifications.filter((n) => now - (raised.current.get(n) ?? now) > ROUTE_GRACE_MS);
    if (stale.length) setNotifications((list) => list.filter((item) => !stale.includes(item)));
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- on a move only

  const dismiss = (n: NotificationPayload) => {
    setNotifications((list) => list.filter((item) => item !== n));
  };

  useEffect(() => {
    for (const n of notifications) {
      if (!raised.current.has(n)) raised.current.set(n, Date.now());
      if (timers.current.has(n)) continue;
      const duration = n.notificationOptions?.autoHideDuration;
      if (duration === null) continue;
      timers.current.set(n, setTimeout(() => dismiss(n), duration ?? ALERT_TIMEOUT_MS));
    }
    for (const [n, timer] of timers.current) {
      if (!notifications.includes(n)) {
        clearTimeout(timer);
        timers.current.delete(n);
      }
    }
    for (const n of raised.current.keys()) if (!notifications.includes(n)) raised.current.delete(n);
  });

  if (notifications.length === 0) return null;
  return (
    <Box
      role="region"
      aria-live="polite"
      sx={{ position: 'fixed', top: 56, left: 0, right: 0, zIndex: (t) => t.zIndex.snackbar, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, px: 2, pointerEvents: 'none' }}
    >
      {notifications.map((n, index) => {
        const message = typeof n.message === 'string'
          ? translate(n.message, { _: n.message, ...(n.notificationOptions?.messageArgs ?? {}) })
          : n.message;
        const severity = n.type === 'warning' ? 'warning' : n.type;
        return (
          <Alert
            key={index}
            severity={severity}
            variant="filled"
            data-testid={`alert-${n.type}`}
            sx={{ width: '100%', maxWidth: 720, pointerEvents: 'auto', boxShadow: 3 }}
            action={
              <IconButton aria-label={translate('app.alerts.close')} color="inherit" size="small" onClick={() => dismiss(n)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            {message}
          </Alert>
        );
      })}
    </Box>
  );
}
