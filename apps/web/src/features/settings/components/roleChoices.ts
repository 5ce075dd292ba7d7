import { ROLES, ROLE_LABELS } from '@trenchline/domain';

/** The roles as a select offers them, in the domain's order (docs/roles.md). */
export const ROLE_CHOICES = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
