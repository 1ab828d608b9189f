// /password_reset/:hash: checks the key first (anything but 200 sends the user to login), then
// asks for the new password twice (min 6, must match). Success: a message, then login.
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { Form, PasswordInput, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { session } from '../authProvider/session';
import { api, ApiError } from '../dataProvider/http';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SubmitButton } from '../components/SubmitButton';
import { matchesPassword, passwordLength, requiredField } from '../components/validators';

export function PasswordResetPage() {
  const { hash = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'valid' | 'invalid'>('checking');
  const [error, setError] = useState<string | null>(null);
  const signedIn = !!session.token();

  useEffect(() => {
    if (signedIn) return;
    let cancelled = false;
    api(`/api/v2.1/users/password_reset/${encodeURIComponent(hash)}/`, { anonymous: true })
      .then(() => !cancelled && setState('valid'))
      .catch(() => !cancelled && setState('invalid'));
    return () => { cancelled = true; };
  }, [hash, signedIn]);

  if (signedIn) return <Navigate to="/locations" replace />;
  if (state === 'invalid') return <Navigate to="/login" replace />;

  const submit = async (values: Record<string, unknown>) => {
    setError(null);
    try {
      await api(`/api/v2.1/users/password_reset/${encodeURIComponent(hash)}/`, {
        method: 'POST', anonymous: true, body: { password: values.password, password_confirm: values.password_confirm },
      });
      notify('app.reset.done', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.body?.errors && Object.keys(err.body.errors).length) {
        return err.body.errors as Record<string, string>;
      }
      setError(err instanceof Error ? err.message : translate('app.alerts.unknownError'));
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1">{translate('app.reset.title')}</Typography>
            <LanguageToggle color="primary" />
          </Box>
          {state === 'checking' ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CircularProgress size={20} /> {translate('app.reset.checking')}
            </Box>
          ) : (
            <Form onSubmit={submit} mode="onChange">
              {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
              <PasswordInput source="password" label="app.reset.password" validate={[requiredField, passwordLength]} fullWidth autoComplete="new-password" />
              <PasswordInput source="password_confirm" label="app.reset.confirm" validate={[requiredField, matchesPassword]} fullWidth autoComplete="new-password" />
              <SubmitButton fullWidth sx={{ mt: 1 }}>{translate('app.reset.submit')}</SubmitButton>
            </Form>
          )}
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">{translate('app.reset.backToLogin')}</Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
