import { products } from '@trenchline/domain';
import { useCatalog } from '../../settings';

/** The products of Settings an order's items are picked from (GET /api/settings/our_products/?all=t; the picker offers the active ones). */
export const useOrderProducts = () => useCatalog(products, true);
