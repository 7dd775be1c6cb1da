import english from 'virtual:catalogue/en-GB/vehicles';
import { translatorFor } from '@web/i18n/i18n';

/** My Vehicles' messages (the page, its cards and modals): `const t = useVehiclesT()`. */
export const useVehiclesT = translatorFor(english);
