import type { Ability } from '../auth';

/**
 * The sections of the settings page, in the order they are laid out; the section bar lists them.
 * `needs`: the ability without which the section renders nothing (and so is not listed).
 */
export const SETTINGS_SECTIONS: readonly { id: string; label: string; needs?: Ability }[] = [
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
  { id: 'webhooks', label: 'Webhooks', needs: 'change settings' },
];

/** The sections the signed-in user's role can use, in order: what the section bar lists. */
export const sectionsFor = (can: (ability: Ability) => boolean) => SETTINGS_SECTIONS.filter((s) => !s.needs || can(s.needs));

/** Whether a section shows for this user (a section that needs an ability renders nothing without it). */
export const sectionShown = (id: string, can: (ability: Ability) => boolean) => sectionsFor(can).some((s) => s.id === id);

export const sectionAnchor = (id: string) => `settings-${id}`;

/** Scroll to a section without touching the URL: the page stays /settings/. */
export function scrollToSection(id: string) {
  document.getElementById(sectionAnchor(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
