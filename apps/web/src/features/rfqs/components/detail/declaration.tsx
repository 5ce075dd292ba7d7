import type { RecordDetailDeclaration } from '../../../../components/record/RecordDetailPage';
import { rfqRecord, useRfq, useRfqLookup } from '../../api/calls';
import { rfqStream, type RfqDetail } from '../../api/types';
import { RfqTitle } from './RfqTitle';
import { RfqTotals } from './RfqTotals';
import { RFQ_SECTIONS, scrollToRfqSection } from './sections';

/**
 * The RFQ page (components/record/RecordDetailPage): /rfq/{account_rfq_number} (or its id) is looked up
 * first (GET /api/rfqs/lookup/{key}); its read, stream, history and section bar with the totals.
 */
export const rfqDetail: RecordDetailDeclaration<RfqDetail> = {
  noun: 'RFQ',
  listPath: '/rfq/',
  param: 'key',
  stream: rfqStream,
  record: rfqRecord,
  useRecord: useRfq,
  useLookup: useRfqLookup,
  bar: { title: (rfq) => <RfqTitle rfq={rfq} />, sections: RFQ_SECTIONS, onJump: scrollToRfqSection, label: 'RFQ sections', extra: (rfq) => <RfqTotals rfq={rfq} /> },
};
