// /login: email and password, the server's detail on failure, and a forgotten-password dialog.
// A user who already has a token goes straight to locations.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import {
  Alert, Box, Card, CardContent, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Typography,
} from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { session } from '../authProvider/session';
import { api } from '../dataProvider/http';
import { useGenericHandler } from '../dataProvider/useGenericHandler';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SubmitButton } from '../components/SubmitButton';
import { requiredField, validEmail } from '../components/validators';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../components/forms/GuardedDialog';

function ForgotPasswordDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { if (open) setError(null); }, [open]);

  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    setError(null);
    const emailValue = String(values.email ?? '').trim();
    // A failure shows the server's message inside the dialog, where the user is looking.
    const sent = await run(
      () => api('/api/v2.1/users/password_reset/', { method: 'POST', body: { email: emailValue }, anonymous: true }).then(() => true),
      (err) => { setError(err.message); return true; },
    );
    if (!sent) return;
    notify(translate('app.login.resetSent', { email: emailValue }), { type: 'success' });
    onSent();
    onClose();
  };

  return (
    <GuardedDialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-title">
      <Form onSubmit={submit} mode="onChange">
        <ReportFormDirty />
        <DialogTitle id="reset-title">{translate('app.login.resetTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('app.login.resetText')}</DialogContentText>
          {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
          <TextInput source="email" type="email" label="app.login.email" validate={[requiredField, validEmail]} fullWidth autoFocus />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.login.cancel')}</CancelButton>
          <SubmitButton>{translate('app.login.resetSubmit')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const run = useGenericHandler();

  // After every hook: React needs the same hooks on every render.
  if (session.token()) return <Navigate to="/locations" replace />;

  const submit = async (values: Record<string, unknown>) => {
    setError(null);
    await run(
      () => login({ email: String(values.email).trim(), password: String(values.password) }, '/locations'),
      (err) => { setError(err.message); return true; },
    );
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} component="main">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1">{translate('app.login.title')}</Typography>
            <LanguageToggle color="primary" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.title')}</Typography>
          {error && <Alert severity="error" sx={{ mb: 2 }} role="alert">{error}</Alert>}
          <Form onSubmit={submit} mode="onChange">
            <TextInput source="email" type="email" label="app.login.email" validate={[requiredField, validEmail]} fullWidth autoComplete="username" />
            <PasswordInput source="password" label="app.login.password" validate={requiredField} fullWidth autoComplete="current-password" />
            <SubmitButton fullWidth sx={{ mt: 1 }}>{translate('app.login.submit')}</SubmitButton>
          </Form>
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link component="button" type="button" onClick={() => setForgotOpen(true)}>{translate('app.login.forgot')}</Link>
          </Box>
        </CardContent>
      </Card>
      {/* A sent link is news that replaces a failed sign-in's message: no stale error beside the success (#25). */}
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} onSent={() => setError(null)} />
    </Box>
  );
}
