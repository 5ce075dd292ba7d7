import { customers } from '@trenchline/domain';
import { useCatalog } from '../../settings';

/** The active customers of Settings > Customers, for the project's customer picker (live with the catalog). */
export const useCustomerCatalog = () => useCatalog(customers);
