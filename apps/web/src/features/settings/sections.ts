/** The sections of the settings page, in the order they are laid out; the section bar lists them. */
export const SETTINGS_SECTIONS = [
  { id: 'background', label: 'Background' },
  { id: 'video', label: 'Training video' },
  { id: 'time-zone', label: 'Time zone' },
  { id: 'crews', label: 'Crews' },
  { id: 'numbering', label: 'Numbering' },
  { id: 'locates', label: 'Locates' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'customers', label: 'Customers' },
  { id: 'vendors', label: 'Vendors' },
  { id: 'raw-materials', label: 'Raw materials' },
  { id: 'products', label: 'Products' },
  { id: 'sva-codes', label: 'SVA codes' },
  { id: 'coordinators', label: 'Coordinators' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'users', label: 'Users' },
  { id: 'tips', label: 'Tips' },
  { id: 'activity', label: 'Activity' },
  { id: 'webhooks', label: 'Webhooks' },
] as const;

export type SectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export const sectionAnchor = (id: string) => `settings-${id}`;

/** Scroll to a section without touching the URL: the page stays /settings/. */
export function scrollToSection(id: string) {
  document.getElementById(sectionAnchor(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
