import { queryOptions, useQuery } from '@tanstack/react-query';
import { productRawMaterials, type Line } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { linesUrl } from '../../../components/lines/api/urls';
import { settingsKey } from './types';

/** The key the lines table refetches after each of its writes. */
export const productRawMaterialsKey = (productId: string) => [...settingsKey, 'product_raw_materials', productId] as const;

/** A product's raw-material lines. */
export const fetchProductRawMaterials = (productId: string, signal?: AbortSignal) =>
  http.get<Line[]>(linesUrl(productRawMaterials, productId), { signal });

export const productRawMaterialsQuery = (productId: string) =>
  queryOptions({ queryKey: productRawMaterialsKey(productId), queryFn: ({ signal }) => fetchProductRawMaterials(productId, signal), staleTime: 0 });

export const useProductRawMaterials = (productId: string) => useQuery(productRawMaterialsQuery(productId));
