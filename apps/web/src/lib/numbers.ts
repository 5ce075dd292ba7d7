/**
 * Numbers and money as the lists, forms and totals show them: the domain's one formatter
 * (packages/domain/src/shared/formats.ts), the same that prints reports. Nothing else formats a figure.
 */
import { amountOf, formatHours, formatMoney, formatPercent, formatQuantity } from '@trenchline/domain';

export { parseAmount, type ParsedAmount } from '@trenchline/domain';

/** A number from the API's number or numeric text; null for none or not a number. */
export const numberOf = amountOf;

/** Money: '$12,500.00', '-$12.00'; '' for none. */
export const showMoney = formatMoney;

/** A quantity: '1,250', '1,250 ft' with a unit; '' for none. */
export const showQuantity = formatQuantity;

/** Hours: '8.5 h'. */
export const showHours = formatHours;

/** Percent points: '12.50%'. */
export const showPercent = formatPercent;

/** A count in words' company: '1,250 tickets' reads its number this way. */
export const showCount = (n: number) => formatQuantity(n);
