/**
 * pg's default parsers turn `date` into a local-time Date (shifting a day east of UTC) and bigint into
 * a string only sometimes. Dates stay 'YYYY-MM-DD' strings, bigints (ids) stay strings, numerics
 * become numbers (money has 2 decimals; doubles are exact enough for them).
 */
import pg from 'pg';

pg.types.setTypeParser(1082, (v: string) => v); // date
pg.types.setTypeParser(20, (v: string) => v); // int8: ids
pg.types.setTypeParser(1700, (v: string) => (v === null ? null : Number(v))); // numeric

export { pg };
