/** The RFQ management report (spec 3 section 7): the selected RFQs with their totals and margin, built by the worker. */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

export const rfqManagementReport = defineReport({
  name: 'rfqs.management',
  label: 'RFQ management report',
  path: '/rfqs/report/management',
  formats: ['xlsx', 'pdf'],
  params: z.object({ ids: idList() }),
  fileName: (today, format) => datedFileName('RFQ management report', today, format),
});
