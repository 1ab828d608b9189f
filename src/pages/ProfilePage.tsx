// /user: the signed-in user's avatar, name, phone and email, an edit dialog (name and phone
// required, email required and valid, the current password when the email changes, optional new
// photo), log out, and their locations.
import { useRef, useState } from 'react';
import {
  Avatar, Box, Button, Card, CardContent, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Loading, PasswordInput, TextInput, Title, useLogout, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { session, type SessionUser } from '../authProvider/session';
import { api } from '../dataProvider/http';
import { deskAction } from '../dataProvider/desk';
import { useGenericHandler } from '../dataProvider/useGenericHandler';
import { SubmitButton } from '../components/SubmitButton';
import { maxChars, requiredField, validEmail, validPhone } from '../components/validators';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { roleName } from '../resources/locations/LocationList';
import type { LocationRecord } from '../resources/locations/types';
import { useSignedIn } from '../authProvider/useSignedIn';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../components/forms/GuardedDialog';

const sameEmail = (a: unknown, b: string) => String(a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** A new email takes over the account's reset letters: the server asks for the current password. */
function CurrentPasswordInput({ email }: { email: string }) {
  const typed = useWatch({ name: 'email' });
  if (sameEmail(typed, email)) return null;
  return (
    <PasswordInput
      source="current_password"
      label="app.profile.currentPassword"
      helperText="app.profile.currentPasswordHelp"
      validate={requiredField}
      autoComplete="current-password"
      fullWidth
    />
  );
}

function EditProfileDialog({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const form = new FormData();
    form.set('name', String(values.name ?? '').trim());
    form.set('phone', String(values.phone ?? '').trim());
    form.set('email', String(values.email ?? '').trim());
    if (!sameEmail(values.email, user.email)) form.set('current_password', String(values.current_password ?? ''));
    if (file) form.set('avatar', file);
    let fieldErrors: Record<string, string> | undefined;
    const updated = await run(
      () => deskAction<SessionUser>('profile', { id: user.id, data: form }),
      (err) => {
        // Field messages go under their inputs, the photo's under the photo.
        const fields = (err.body?.errors ?? {}) as Record<string, string>;
        if (!Object.keys(fields).length) return false;
        const { avatar, ...inputs } = fields;
        setAvatarError(avatar ?? null);
        if (Object.keys(inputs).length) fieldErrors = inputs;
        return true;
      },
    );
    if (fieldErrors) return fieldErrors;
    if (!updated) return undefined;
    session.setUser(updated);
    await queryClient.invalidateQueries();
    notify('app.profile.saved', { type: 'success' });
    onClose();
    return undefined;
  };

  return (
    <GuardedDialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="profile-edit-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ name: user.name, phone: user.phone, email: user.email }}>
        <ReportFormDirty />
        <DialogTitle id="profile-edit-title">{translate('app.profile.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar src={preview ?? user.avatar ?? undefined} sx={{ width: 56, height: 56 }} />
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>{translate('app.profile.chooseAvatar')}</Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              hidden
              data-testid="avatar-input"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setAvatarError(null);
                setPreview(chosen ? URL.createObjectURL(chosen) : null);
              }}
            />
          </Stack>
          {avatarError && <Typography color="error" variant="body2" role="alert" sx={{ mt: -1, mb: 2 }} data-testid="avatar-error">{avatarError}</Typography>}
          <TextInput source="name" label="app.profile.name" validate={[requiredField, maxChars(TEXT_LIMITS.personName)]} fullWidth />
          <TextInput source="phone" label="app.profile.phone" validate={[requiredField, validPhone]} fullWidth />
          <TextInput source="email" type="email" label="app.profile.email" validate={[requiredField, validEmail, maxChars(TEXT_LIMITS.email)]} fullWidth />
          <CurrentPasswordInput email={user.email} />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.profile.cancel')}</CancelButton>
          <SubmitButton>{translate('app.profile.save')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}

export function ProfilePage() {
  useSignedIn();
  const translate = useTranslate();
  const logout = useLogout();
  const [editing, setEditing] = useState(false);
  const user = useQuery({ queryKey: ['users', 'am'], queryFn: () => api<SessionUser>('/api/v2.1/users/am/') });
  const locations = useQuery({ queryKey: ['locations', 'my'], queryFn: () => api<LocationRecord[]>('/api/v2.1/locations/my/') });

  if (!user.data) return <Loading />;
  const u = user.data;
  const empty = translate('app.profile.empty');
  return (
    <Box component="main" sx={{ maxWidth: 900 }}>
      <Title title={translate('app.profile.title')} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar src={u.avatar ?? undefined} alt={u.name} sx={{ width: 96, height: 96 }} data-testid="profile-avatar" />
            <Box sx={{ flex: 1 }}>
              <Typography variant="h5" component="h1" data-testid="profile-name">{u.name || empty}</Typography>
              <Typography color="text.secondary">
                {translate('app.profile.phone')}: <span data-testid="profile-phone">{u.phone || empty}</span>
              </Typography>
              <Typography color="text.secondary">
                {translate('app.profile.email')}: <span data-testid="profile-email">{u.email}</span>
              </Typography>
            </Box>
            <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1}>
              <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>{translate('app.profile.edit')}</Button>
              <Button variant="outlined" color="error" startIcon={<LogoutIcon />} onClick={() => logout()}>{translate('app.profile.logout')}</Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.profile.locations')}</Typography>
          {locations.data && locations.data.length === 0 ? (
            <Typography color="text.secondary">{translate('app.profile.noLocations')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.locations.fields.name')}</TableCell>
                  <TableCell>{translate('resources.locations.fields.city')}</TableCell>
                  <TableCell>{translate('resources.locations.fields.role')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(locations.data ?? []).map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.name}</TableCell>
                    <TableCell>{l.city}</TableCell>
                    <TableCell>{roleName(translate, l.role)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {editing && <EditProfileDialog user={u} open={editing} onClose={() => setEditing(false)} />}
    </Box>
  );
}
