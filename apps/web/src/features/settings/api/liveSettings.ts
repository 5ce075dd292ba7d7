import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { crews, customers, products, rawMaterials, svaCoordinators, vendors } from '@trenchline/domain';
import { useLiveList, useLiveRowEvents } from '../../../lib/realtime';
import { settingsKey } from './types';

/**
 * Keep the settings screen live: catalog lists are patched row by row (lib/realtime.ts); a change to
 * one of the account's one-of records (counters, settings record, SVA sheet) refetches what is shown.
 */
export function useLiveSettings() {
  const qc = useQueryClient();
  useLiveList(crews.list);
  useLiveList(customers.list);
  useLiveList(vendors.list);
  useLiveList(rawMaterials.list);
  useLiveList(products.list);
  useLiveList(svaCoordinators.list);
  const refetch = useCallback(() => void qc.invalidateQueries({ queryKey: settingsKey }), [qc]);
  useLiveRowEvents('settings', refetch);
}
