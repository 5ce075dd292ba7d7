import { recordSections } from '../../../components/record/Section';

/** The sections of the organization page, in the order they are laid out; the section bar lists them. */
export const SALES_SECTIONS = [
  { id: 'organization', label: 'Organization' },
  { id: 'contacts', label: 'Contacts' },
  { id: 'locations', label: 'Locations' },
  { id: 'surveys', label: 'Surveys' },
  { id: 'phonecalls', label: 'Calls' },
  { id: 'meetings', label: 'Meetings' },
  { id: 'emails', label: 'E-mails' },
  { id: 'activities', label: 'Activities' },
] as const;

export type SalesSectionId = (typeof SALES_SECTIONS)[number]['id'];

/** The page's sections' anchors (#sales-<id>), the section bar's jump, and its `Section`. */
export const { scrollTo: scrollToSalesSection, Section } = recordSections<SalesSectionId>('sales');
