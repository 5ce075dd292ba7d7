import { scrollToAnchor } from '../../../../lib/scroll';

/** The sections of the order page, in the order they are laid out; the section bar lists them. */
export const ORDER_SECTIONS = [
  { id: 'customer', label: 'Customer' },
  { id: 'items', label: 'Items' },
] as const;

export type OrderSectionId = (typeof ORDER_SECTIONS)[number]['id'];

export const orderSectionAnchor = (id: string) => `order-${id}`;

export const scrollToOrderSection = (id: string) => scrollToAnchor(orderSectionAnchor(id));
