import type { RecordDetailDeclaration } from '../../../components/record/RecordDetailPage';
import { salesRecord, useOrganization } from '../api/calls';
import { salesStream, type SalesDetail } from '../api/types';
import { SalesTitle } from './SalesTitle';
import { SALES_SECTIONS, scrollToSalesSection } from './sections';

/** The organization page (components/record/RecordDetailPage): its read, stream, history and section bar. */
export const salesDetail: RecordDetailDeclaration<SalesDetail> = {
  noun: 'organization',
  listPath: '/sales/',
  stream: salesStream,
  record: salesRecord,
  useRecord: useOrganization,
  bar: { title: (organization) => <SalesTitle organization={organization} />, sections: SALES_SECTIONS, onJump: scrollToSalesSection, label: 'Organization sections' },
};
