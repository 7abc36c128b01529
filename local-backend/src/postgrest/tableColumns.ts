import type { Database } from '../database/Database';
import { PostgrestError } from './PostgrestError';

const cache = new Map<string, Promise<Set<string>>>();

/**
 * The columns of an exposed table (schema public), like PostgREST's schema cache. An unknown
 * table is a 404, as in PostgREST.
 */
export function tableColumns(database: Database, table: string): Promise<Set<string>> {
  let columns = cache.get(table);
  if (!columns) {
    columns = database
      .query(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [table],
      )
      .then((rows) => {
        if (rows.length === 0) {
          cache.delete(table);
          throw new PostgrestError(
            404,
            'PGRST205',
            `Could not find the table 'public.${table}' in the schema cache`,
          );
        }
        return new Set(rows.map((row) => String(row.column_name)));
      });
    cache.set(table, columns);
  }
  return columns;
}

export async function checkColumns(
  database: Database,
  table: string,
  names: Iterable<string>,
): Promise<void> {
  const known = await tableColumns(database, table);
  for (const name of names) {
    if (!known.has(name)) {
      throw new PostgrestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${table}' in the schema cache`,
      );
    }
  }
}
