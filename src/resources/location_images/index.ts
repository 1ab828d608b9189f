// A location's gallery (/locations/:location_id/location_gallery): a hand-written screen (a grid of
// thumbnails, upload, delete after a yes/no question). Every call goes through the dataProvider:
// the list (useGetList), the upload (the `upload` action with a FormData body, sent as multipart)
// and the delete (useDelete).
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { defineResource, lazyPart } from '../declaration';

export default defineResource({
  name: 'location_images',
  route: { scope: 'location', path: 'location_gallery' },
  access: { minRole: 40 },
  menu: {
    icon: PhotoLibraryIcon,
    management: { order: 20, label: 'app.management.cards.gallery', hint: 'app.management.cardHints.gallery' },
  },
  api: {
    list: '/api/v2.1/locations/{location_id}/images/',
    paging: 'none',
    delete: '/api/v2.1/locations/{location_id}/images/{id}/',
    actions: {
      /** One picture as multipart (`image`); answers the saved image. */
      upload: '/api/v2.1/locations/{location_id}/images/',
    },
  },
  screen: lazyPart(() => import('../../pages/management/LocationGalleryPage'), 'LocationGalleryPage'),
});
