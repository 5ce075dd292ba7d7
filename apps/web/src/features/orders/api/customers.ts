import { customers } from '@trenchline/domain';
import { useCatalog } from '../../settings';

/** The customers of Settings an order is for (GET /api/settings/customers/?all=t: an inactive one an order names stays shown). */
export const useOrderCustomers = () => useCatalog(customers, true);
