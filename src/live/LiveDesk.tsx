// Mounted once in the layout: follows the events of the location the user works at (the one in the
// address, else the last one opened) and of every location a screen on show lists (followed.ts), in
// one stream, and applies them to the screens' queries. While the stream is
// down it says so discreetly in a corner; it reconnects and catches up by itself.
import { useEffect, useRef, useState } from 'react';
import { Chip, Fade } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { session } from '../authProvider/session';
import { applyEvent, applyRefused, applyReset } from './apply';
import { LiveConnection, type LiveStatus } from './connection';
import { locationsToFollow, useRememberedLocation, useRequestedLocations, useShownLocation } from './followed';

/** A blip shorter than this (a quick reconnect) is not worth a word. */
const OFFLINE_NOTICE_MS = 1500;

function useWorkingLocation(): number | null {
  const { pathname } = useLocation();
  const inPath = Number(/^\/locations\/(\d+)/.exec(pathname)?.[1]) || null;
  const remembered = useRememberedLocation();
  useShownLocation(inPath);
  return inPath ?? remembered;
}

export function LiveDesk() {
  const client = useQueryClient();
  const translate = useTranslate();
  const locationId = useWorkingLocation();
  const requested = useRequestedLocations();
  const locations = locationsToFollow(locationId, requested).join(',');
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [noticed, setNoticed] = useState(false);
  const signedIn = !!session.token();

  // One connection for the tab's life; it reopens its stream when the locations change.
  const connection = useRef<LiveConnection | null>(null);
  useEffect(() => {
    const live = new LiveConnection({
      onEvent: (e) => applyEvent(client, e),
      onReset: () => applyReset(client),
      onRefused: (id) => applyRefused(client, id),
      onStatus: setStatus,
    });
    connection.current = live;
    return () => {
      live.stop();
      connection.current = null;
    };
  }, [client]);
  useEffect(() => {
    connection.current?.follow(signedIn && locations ? locations.split(',').map(Number) : []);
  }, [locations, signedIn, client]);

  useEffect(() => {
    if (status !== 'offline') {
      setNoticed(false);
      return undefined;
    }
    const timer = setTimeout(() => setNoticed(true), OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <Fade in={noticed} unmountOnExit>
      <Chip
        role="status"
        data-testid="live-offline"
        icon={<CloudOffIcon />}
        label={translate('app.live.offline')}
        size="small"
        sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (t) => t.zIndex.snackbar, bgcolor: 'grey.800', color: 'common.white', '& .MuiChip-icon': { color: 'inherit' } }}
      />
    </Fade>
  );
}
