/** The bid form's logic: the shared record-form logic over the bid's fields (see components/record/formLogic.ts). */
import { BID_FIELD_NAMES } from '@trenchline/domain';
import { defineFormLogic } from '../../components/record/formLogic';
import type { BidValues } from './api/types';

export const bidFormLogic = defineFormLogic<BidValues>(BID_FIELD_NAMES);
export const { valuesOf, changedFields, rebase } = bidFormLogic;
