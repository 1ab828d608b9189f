// /setup/:token, the first start (#28 SETUP): outside the signed-in layout, like the login page.
// Checks the link first (GET /api/v2.1/setup/{token}/: a 404 says why, #42: the installation is set
// up already, or the link is wrong or expired; with a sign-in button); asks for the owner's name, e-mail and password (POST /api/v2.1/setup/, which
// signs them in), then offers the first location's form.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { Form, PasswordInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { loadSessionData } from '../authProvider';
import { session } from '../authProvider/session';
import { api, ApiError } from '../dataProvider/http';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SubmitButton } from '../components/SubmitButton';
import { matchesPassword, maxChars, passwordLength, requiredField, validEmail } from '../components/validators';
import { LocationSettingsForm } from '../resources/locations/LocationSettingsForm';
import { NotFoundPage } from './NotFoundPage';

export function SetupPage() {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'owner' | 'location' | 'invalid'>('checking');
  const [error, setError] = useState<string | null>(null);
  // #42 Why the link is dead, in the server's words: used (the installation is set up) or wrong/expired.
  const [why, setWhy] = useState<string | null>(null);
  const invalid = (err: unknown) => {
    setWhy(err instanceof ApiError && err.status === 404 ? err.message : null);
    setState('invalid');
  };

  useEffect(() => {
    let cancelled = false;
    api(`/api/v2.1/setup/${encodeURIComponent(token)}/`, { anonymous: true })
      .then(() => !cancelled && setState('owner'))
      .catch((err) => !cancelled && invalid(err));
    return () => { cancelled = true; };
  }, [token]);

  if (state === 'invalid' && !why) return <NotFoundPage />;

  const createOwner = async (values: Record<string, unknown>) => {
    setError(null);
    try {
      const answer = await api<{ token: string }>('/api/v2.1/setup/', {
        method: 'POST', anonymous: true,
        body: { token, name: values.name, email: values.email, password: values.password, password_confirm: values.password_confirm },
      });
      session.setToken(answer.token);
      await loadSessionData();
      notify('app.setup.created', { type: 'success' });
      setState('location');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.body?.errors && Object.keys(err.body.errors).length) {
        return err.body.errors as Record<string, string>;
      }
      if (err instanceof ApiError && err.status === 404) return invalid(err);
      setError(err instanceof Error ? err.message : translate('app.alerts.unknownError'));
    }
  };

  const done = async () => {
    await loadSessionData();
    navigate('/locations', { replace: true });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: state === 'location' ? 640 : 440 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1">{translate(state === 'location' ? 'app.setup.firstLocation' : 'app.setup.title')}</Typography>
            <LanguageToggle color="primary" />
          </Box>
          {state === 'invalid' && (
            <>
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="setup-link-dead">{why}</Alert>
              <Button variant="contained" component={RouterLink} to="/login">{translate('app.words.setup.signIn')}</Button>
            </>
          )}
          {state === 'checking' && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={20} /> {translate('app.setup.checking')}</Box>
          )}
          {state === 'owner' && (
            <Form onSubmit={createOwner} mode="onChange">
              <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.setup.intro')}</Typography>
              {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
              <TextInput source="name" label="app.setup.name" validate={[requiredField, maxChars(TEXT_LIMITS.personName)]} fullWidth autoComplete="name" />
              <TextInput source="email" type="email" label="app.setup.email" validate={[requiredField, validEmail, maxChars(TEXT_LIMITS.email)]} fullWidth autoComplete="email" />
              <PasswordInput source="password" label="app.setup.password" validate={[requiredField, passwordLength]} fullWidth autoComplete="new-password" />
              <PasswordInput source="password_confirm" label="app.setup.confirm" validate={[requiredField, matchesPassword]} fullWidth autoComplete="new-password" />
              <SubmitButton fullWidth sx={{ mt: 1 }}>{translate('app.setup.submit')}</SubmitButton>
            </Form>
          )}
          {state === 'location' && (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.setup.firstLocationHint')}</Typography>
              <LocationSettingsForm onSaved={() => { notify('app.locationSettings.created', { type: 'success' }); void done(); }} />
              <Box sx={{ mt: 1 }}><Button onClick={() => void done()}>{translate('app.setup.later')}</Button></Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
