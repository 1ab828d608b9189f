// Amounts in a location's screens are written with the location's currency: a confirmation or a
// choice that names an amount says "777,00 ₽", never a bare "777,00" (#25). The location is the
// screen's route (/locations/:location_id/...); outside one, the default currency title.
import { useParams } from 'react-router-dom';
import { formatMoney, type Currency } from '../../../domain/money';
import { useLanguage } from '../../i18n/useLanguage';
import { useLocationDetail } from '../../resources/locations/useLocationDetail';

/** Writes an amount ('777.00') as the route's location's money in the screen's language. */
export function useRouteMoney(): (amount: string | number) => string {
  const { location_id: locationId } = useParams();
  const { data: location } = useLocationDetail(locationId);
  const lang = useLanguage();
  return (amount) => formatMoney(amount, location?.currency ?? null, lang);
}

/** #42 The route's location's currency (null outside a location, or before it is read): a money input shows its sign. */
export function useRouteCurrency(): Currency | null {
  const { location_id: locationId } = useParams();
  const { data: location } = useLocationDetail(locationId);
  return location?.currency ?? null;
}
