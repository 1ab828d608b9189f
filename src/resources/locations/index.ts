import PlaceIcon from '@mui/icons-material/Place';
import { LocationList } from './LocationList';
import type { LocationRecord } from './types';

export default {
  list: LocationList,
  icon: PlaceIcon,
  recordRepresentation: (record: LocationRecord) => record.name,
};
