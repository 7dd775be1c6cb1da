/**
 * `jsonObject(fields)`: one result column holding a JSON object that the database builds from
 * `fields` (columns, or typed SQL such as another `jsonObject`), mapped back in JavaScript by each
 * field's own driver mapping (a timestamp becomes a Date, as when selected on its own).
 *
 * For the hottest query only (the session lookup on every signed-in request): a result of thirty
 * columns costs the driver more to describe and drizzle more to map than the query itself takes,
 * while one JSON column is parsed natively. PostgreSQL limits a call to 100 arguments, so at most
 * 50 fields.
 */
import { Column, is, type SQL, sql, type DriverValueDecoder } from 'drizzle-orm';

type Field = Column | SQL;
type FieldValue<F> = F extends Column
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends SQL<infer T>
    ? T
    : never;
export type JsonObjectOf<T extends Record<string, Field>> = { [K in keyof T]: FieldValue<T[K]> };

const decoderOf = (field: Field): DriverValueDecoder<unknown, unknown> =>
  is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/**
 * `raw`, one row's value of a `jsonObject` column as the driver parsed it, mapped as drizzle maps it in
 * a select. The mapping is made in `raw` itself (see `jsonObject`), so each parsed value is read once.
 */
export function readJsonObject<T>(column: SQL<T>, raw: unknown): T {
  return decoderOf(column).mapFromDriverValue(raw) as T;
}

export function jsonObject<T extends Record<string, Field>>(fields: T): SQL<JsonObjectOf<T>> {
  const entries = Object.entries(fields);
  if (entries.length > 50) throw new Error(`jsonObject takes at most 50 fields, not ${entries.length}`);
  const decoders = entries.map(([key, field]) => [key, decoderOf(field)] as const);
  const pairs = entries.map(([key, field]) => sql`${sql.raw(`'${key.replaceAll("'", "''")}'`)}::text, ${field}`);
  // Mapped in place: the object is the driver's own, just parsed and held by nobody else, and it has
  // every field already; building a copy allocated a second object of up to fifty fields per row.
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`.mapWith((value: Record<string, unknown>) => {
    for (const [key, decoder] of decoders) {
      const raw = value[key];
      value[key] = raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw);
    }
    return value as JsonObjectOf<T>;
  });
}
