// The header: title, Locations tab (role value >= 20), Technical sessions (its permission), RU/EN
// toggle, and the profile menu (profile, exit) or a login button. On narrow screens the same
// entries move into a drawer.
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  AppBar, Avatar, Box, Button, Divider, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText,
  Menu, MenuItem, Toolbar, Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import PlaceIcon from '@mui/icons-material/Place';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import LoginIcon from '@mui/icons-material/Login';
import EngineeringIcon from '@mui/icons-material/Engineering';
import { TitlePortal, useGetIdentity, useLogout, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '../../domain/permissions';
import { canSeeLocationsTab } from '../../domain/roles';
import { session } from '../authProvider/session';
import { LanguageToggle } from './LanguageToggle';

/**
 * The page title is cut with "…" in the bar (a long location name): its whole text is the box's
 * title (tooltip). Screens put their title in through react-admin's portal, so it is read as it changes.
 */
function useWholeTitle() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const sync = () => { el.title = el.textContent?.trim() ?? ''; };
    const observer = new MutationObserver(sync);
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    sync();
    return () => observer.disconnect();
  }, []);
  return box;
}

export function AppHeader() {
  const titleBox = useWholeTitle();
  const translate = useTranslate();
  const logout = useLogout();
  const location = useLocation();
  const signedIn = !!session.token();
  const { identity } = useGetIdentity();
  const showLocations = signedIn && canSeeLocationsTab(identity?.role ?? session.user()?.role);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => { setMenuAnchor(null); setDrawerOpen(false); };
  const doLogout = () => { close(); logout(); };
  const onLocations = location.pathname.startsWith('/locations');
  // The control page (technical sessions) is offered to holders of its permission only.
  const { permissions } = usePermissions<string[]>();
  const showControl = signedIn && hasPermission(permissions, 'techsessions');
  const onControl = location.pathname.startsWith('/control');

  return (
    <AppBar position="fixed" color="primary" component="header">
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={translate('app.header.menu')}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none', whiteSpace: 'nowrap', mr: 2 }}>
          {translate('app.title')}
        </Typography>
        <Box component="nav" sx={{ display: { xs: 'none', md: 'flex' } }}>
          {showLocations && (
            <Button
              color="inherit"
              component={RouterLink}
              to="/locations"
              aria-current={onLocations ? 'page' : undefined}
              sx={{ borderBottom: onLocations ? '2px solid currentColor' : '2px solid transparent', borderRadius: 0 }}
            >
              {translate('app.header.locations')}
            </Button>
          )}
          {showControl && (
            <Button
              color="inherit"
              component={RouterLink}
              to="/control"
              aria-current={onControl ? 'page' : undefined}
              sx={{ borderBottom: onControl ? '2px solid currentColor' : '2px solid transparent', borderRadius: 0 }}
            >
              {translate('app.tools.control.menu')}
            </Button>
          )}
        </Box>
        {/* The page title, set by each screen with <Title>. Not on a phone: there the bar has room for
            the app's name only, and the screen's own heading says the same. */}
        <Box ref={titleBox} sx={{ flex: 1, overflow: 'hidden', pl: 2, visibility: { xs: 'hidden', sm: 'visible' }, '& h6': { fontSize: '1rem', opacity: 0.85, whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' } }}>
          <TitlePortal />
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <LanguageToggle />
        </Box>
        {signedIn ? (
          <>
            <IconButton
              color="inherit"
              aria-label={translate('app.header.userMenu')}
              aria-haspopup="menu"
              onClick={(e) => setMenuAnchor(e.currentTarget)}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              <Avatar src={identity?.avatar} alt={identity?.fullName} sx={{ width: 30, height: 30 }} />
            </IconButton>
            <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={close}>
              <MenuItem disabled sx={{ opacity: '1 !important' }}>
                <Typography variant="body2" color="text.secondary">{identity?.fullName}</Typography>
              </MenuItem>
              <MenuItem component={RouterLink} to="/user" onClick={close}>
                <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
                {translate('app.header.profile')}
              </MenuItem>
              <MenuItem onClick={doLogout}>
                <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
                {translate('app.header.logout')}
              </MenuItem>
            </Menu>
          </>
        ) : (
          <Button color="inherit" component={RouterLink} to="/login" startIcon={<LoginIcon />} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
            {translate('app.header.login')}
          </Button>
        )}
      </Toolbar>

      <Drawer anchor="left" open={drawerOpen} onClose={close}>
        <Box sx={{ width: 260 }} role="navigation">
          <Typography variant="subtitle1" sx={{ p: 2 }}>{translate('app.title')}</Typography>
          <Divider />
          <List>
            {showLocations && (
              <ListItemButton component={RouterLink} to="/locations" onClick={close}>
                <ListItemIcon><PlaceIcon /></ListItemIcon>
                <ListItemText primary={translate('app.header.locations')} />
              </ListItemButton>
            )}
            {showControl && (
              <ListItemButton component={RouterLink} to="/control" onClick={close}>
                <ListItemIcon><EngineeringIcon /></ListItemIcon>
                <ListItemText primary={translate('app.tools.control.menu')} />
              </ListItemButton>
            )}
            {signedIn ? (
              <>
                <ListItemButton component={RouterLink} to="/user" onClick={close}>
                  <ListItemIcon><PersonIcon /></ListItemIcon>
                  <ListItemText primary={translate('app.header.profile')} />
                </ListItemButton>
                <ListItemButton onClick={doLogout}>
                  <ListItemIcon><LogoutIcon /></ListItemIcon>
                  <ListItemText primary={translate('app.header.logout')} />
                </ListItemButton>
              </>
            ) : (
              <ListItemButton component={RouterLink} to="/login" onClick={close}>
                <ListItemIcon><LoginIcon /></ListItemIcon>
                <ListItemText primary={translate('app.header.login')} />
              </ListItemButton>
            )}
          </List>
          <Divider />
          <Box sx={{ p: 2 }}>
            <LanguageToggle color="primary" />
          </Box>
        </Box>
      </Drawer>
    </AppBar>
  );
}
