import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle parses itself (dates, times, intervals and their arrays, and numeric arrays): its PGlite driver hands
 * PGlite a parser for each of them with every statement, each returning the text as it came.
 */
export const TYPES_DRIZZLE_PARSES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1115,
  1182,
  1185,
  1187,
  1231,
];

const asText = (value: string): string => value;

/**
 * Puts the parsers drizzle hands with every statement into PGlite's own table once: text as it came, for the types of
 * {@link TYPES_DRIZZLE_PARSES} (docs/decisions/027-sign-in-rush-on-the-embedded-database.md).
 * @param client a PGlite database, ready (`waitReady`: PGlite sets the parsers of array types as it starts)
 */
export function parseDrizzleTypesAsText(client: PGlite): void {
  for (const type of TYPES_DRIZZLE_PARSES) client.parsers[type] = asText;
}

/**
 * The options of a statement without the parsers drizzle hands with it, when those are only parsers of
 * {@link TYPES_DRIZZLE_PARSES} (the embedded database already parses these types that way; see
 * {@link parseDrizzleTypesAsText}).
 * @param options a statement's options
 * @returns the same options, or a copy without `parsers`
 */
export function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (options?.parsers === undefined) return options;
  if (!Object.keys(options.parsers).every((type) => TYPES_DRIZZLE_PARSES.includes(Number(type)))) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}
