import { recordSections } from '../../../../components/record/Section';

/** The sections of the order page, in the order they are laid out; the section bar lists them. */
export const ORDER_SECTIONS = [
  { id: 'customer', label: 'Customer' },
  { id: 'items', label: 'Items' },
] as const;

export type OrderSectionId = (typeof ORDER_SECTIONS)[number]['id'];

/** The page's sections' anchors (#order-<id>), the section bar's jump, and its `Section`. */
export const { anchor: orderSectionAnchor, scrollTo: scrollToOrderSection, Section } = recordSections<OrderSectionId>('order');
