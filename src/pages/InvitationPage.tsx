// /invitation/:key (#28 STAFF), outside the signed-in layout: says which location and e-mail the
// invitation is for (404: invalid, withdrawn, used or expired). A new address gives its name and the
// password twice (the reset flow's rules); accepting signs in and opens the locations. An account
// the e-mail already has only accepts (#38): the link from its mailbox is the proof, its password
// stays, and it signs in as always (straight to the locations when this browser is already signed
// in as it).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { loadSessionData } from '../authProvider';
import { session } from '../authProvider/session';
import { api, ApiError } from '../dataProvider/http';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SubmitButton } from '../components/SubmitButton';
import { matchesPassword, passwordLength, requiredField } from '../components/validators';
import { TEXT_LIMITS } from '../../domain/textLimits';

interface Facts { location: string; email: string; has_account: boolean }

export function InvitationPage() {
  const { key = '' } = useParams();
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [facts, setFacts] = useState<Facts | 'checking' | 'invalid'>('checking');
  const [joined, setJoined] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = `/api/v2.1/invitations/${encodeURIComponent(key)}/`;

  useEffect(() => {
    let cancelled = false;
    api<Facts>(path, { anonymous: true })
      .then((f) => !cancelled && setFacts(f))
      .catch(() => !cancelled && setFacts('invalid'));
    return () => { cancelled = true; };
  }, [path]);

  const submit = async (values: Record<string, unknown>) => {
    setError(null);
    const existing = typeof facts === 'object' && facts.has_account;
    try {
      const { token } = await api<{ token: string | null }>(path, {
        method: 'POST', anonymous: true,
        body: existing ? {} : { name: values.name, password: values.password, password_confirm: values.password_confirm },
      });
      if (token) return void (await login({ token }));
      // The account's own session in this browser: its locations read again, the new one among them.
      const signedInAs = session.token() ? session.user()?.email?.toLowerCase() : undefined;
      if (typeof facts === 'object' && signedInAs === facts.email.toLowerCase()) {
        const loaded = await loadSessionData().then(() => true, () => false);
        if (loaded) return navigate('/locations');
      }
      setJoined(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.body?.errors && Object.keys(err.body.errors).length) {
        return err.body.errors as Record<string, string>;
      }
      if (err instanceof ApiError && err.status === 404) return setFacts('invalid');
      setError(err instanceof Error ? err.message : translate('app.alerts.unknownError'));
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}>
            <Typography variant="h5" component="h1">
              {translate('app.invitation.title', { location: typeof facts === 'object' ? facts.location : '' })}
            </Typography>
            <LanguageToggle color="primary" />
          </Box>
          {facts === 'checking' && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={20} /> {translate('app.invitation.checking')}</Box>
          )}
          {facts === 'invalid' && <Alert severity="warning" data-testid="invitation-invalid">{translate('app.invitation.invalid')}</Alert>}
          {typeof facts === 'object' && joined && (
            <>
              <Alert severity="success" sx={{ mb: 2 }} data-testid="invitation-joined">{translate('app.invitation.joined', { location: facts.location })}</Alert>
              <Button component={RouterLink} to="/login" variant="contained" fullWidth>{translate('app.invitation.signIn')}</Button>
            </>
          )}
          {typeof facts === 'object' && !joined && (
            <Form onSubmit={submit} mode="onChange">
              <Typography sx={{ mb: 2 }}>
                {translate(facts.has_account ? 'app.invitation.textExisting' : 'app.invitation.text', { email: facts.email })}
              </Typography>
              {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
              {!facts.has_account && (
                <>
                  <TextInput source="name" label="app.invitation.name" validate={[requiredField]} fullWidth autoComplete="name"
                    slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.personName } }} />
                  <PasswordInput source="password" label="app.invitation.password" validate={[requiredField, passwordLength]} fullWidth autoComplete="new-password" />
                  <PasswordInput source="password_confirm" label="app.invitation.confirm" validate={[requiredField, matchesPassword]} fullWidth autoComplete="new-password" />
                </>
              )}
              <SubmitButton fullWidth sx={{ mt: 1 }}>{translate(facts.has_account ? 'app.invitation.accept' : 'app.invitation.submit')}</SubmitButton>
            </Form>
          )}
          {!joined && (
            <Box sx={{ mt: 2, textAlign: 'center' }}>
              <Link component={RouterLink} to="/login">{translate('app.invitation.toLogin')}</Link>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
