// The 404 page (also the catch-all for unknown paths). Reachable without signing in.
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ textAlign: 'center', py: 8 }}>
      <Title title={translate('app.notFound.title')} />
      <Typography variant="h2" component="p" color="text.secondary">404</Typography>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>{translate('app.notFound.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{translate('app.notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/">{translate('app.notFound.home')}</Button>
    </Box>
  );
}
