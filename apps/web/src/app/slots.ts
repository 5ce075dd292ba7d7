import type { Slots } from '../components/slots/slots';
import { JobLocatesSection, LocateWarningBanner, LocateWarningIcon } from '../features/locates';
import { JobMarginLine } from '../features/rfqs';
import { JobTicketsSection } from '../features/tickets';

/** What fills each slot (components/slots/slots.tsx): the job pages' pieces of locates, tickets and RFQs. */
export const slots: Slots = {
  jobLocates: JobLocatesSection,
  jobTickets: JobTicketsSection,
  jobLocateWarning: LocateWarningBanner,
  jobRowLocateWarning: LocateWarningIcon,
  jobMargin: JobMarginLine,
};
