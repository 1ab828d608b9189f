// /locations/:location_id/check_payment/:payment_id: where the payment provider brings the user
// back after an account top-up. It asks the server every 5 s while the payment is processing;
// paid ends with the success heading; a failed or cancelled payment, or a failed check, shows the
// payment error heading with the advice to check the transactions page.
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { PAYMENT_POLL_MS } from '../../../domain/constants';
import type { AppDataProvider } from '../../dataProvider';
import { useSignedIn } from '../../authProvider/useSignedIn';

type PaymentStatus = 'processing' | 'paid' | 'failed' | 'cancelled';

export function CheckPaymentPage() {
  useSignedIn();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { location_id: locationId = '', payment_id: paymentId = '' } = useParams();
  const check = useQuery({
    queryKey: ['check_payment', locationId, paymentId],
    queryFn: async () => (await dataProvider.action<{ payment_id: number; status: PaymentStatus }>('transactions', {
      action: 'checkPayment', data: { payment_id: Number(paymentId) }, meta: { location_id: locationId },
    })).data,
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PAYMENT_POLL_MS : false),
    retry: false,
  });
  const status = check.data?.status;
  const state = check.isError || status === 'failed' || status === 'cancelled' ? 'error' : status === 'paid' ? 'success' : 'checking';

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Paper sx={{ p: 3, maxWidth: 560, width: '100%' }} data-testid="check-payment" data-state={state}>
        <Typography variant="overline" component="p">{translate('app.money.checkPayment.title')}</Typography>
        {state === 'checking' && (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} />
            <Box>
              <Typography variant="h5" component="h1">{translate('app.money.checkPayment.checking')}</Typography>
              <Typography color="text.secondary">{translate('app.money.checkPayment.checkingText')}</Typography>
            </Box>
          </Box>
        )}
        {state === 'success' && (
          <Alert severity="success">
            <AlertTitle component="h1" sx={{ fontSize: 22 }}>{translate('app.money.checkPayment.success')}</AlertTitle>
            {translate('app.money.checkPayment.successText')}
          </Alert>
        )}
        {state === 'error' && (
          <Alert severity="error">
            <AlertTitle component="h1" sx={{ fontSize: 22 }}>{translate('app.money.checkPayment.error')}</AlertTitle>
            {translate('app.money.checkPayment.errorText')}
          </Alert>
        )}
        <Button component={RouterLink} to={`/locations/${locationId}/transactions`} sx={{ mt: 2 }} variant={state === 'checking' ? 'text' : 'contained'}>
          {translate('app.money.checkPayment.toTransactions')}
        </Button>
      </Paper>
    </Box>
  );
}
