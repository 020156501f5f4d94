/**
 * One drizzle prepared statement per database handle, for queries read at every step: drizzle builds a query's SQL
 * each time it runs, which cost more than the statement itself for the permission reads (the tool permission read:
 * 138 against 51 µs of CPU per call, built each time against prepared, through the same driver).
 */
export function preparedPerDb<D extends object, P>(prepare: (db: D) => P): (db: D) => P {
  const statements = new WeakMap<D, P>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
