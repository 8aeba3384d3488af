import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { freshDatabase } from '../helpers/harness.ts';

// The row types in src/lib/db/tables/ are written by hand for Kysely; the migrations are the truth.
// This reads both (the types through the TypeScript checker, the schema from a migrated database)
// and fails on a column one has and the other lacks, or nullable on one side only.
const SCHEMA = fileURLToPath(new URL('../../src/lib/db/schema.ts', import.meta.url));

/** Each table of the `DB` interface: its columns and whether each can be selected as null. */
function declaredTables(): Map<string, Map<string, boolean | 'either'>> {
  const program = ts.createProgram([SCHEMA], {
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA)!;
  const db = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB')!;
  const tables = new Map<string, Map<string, boolean | 'either'>>();
  for (const table of checker.getTypeAtLocation(db).getProperties()) {
    const row = checker.getTypeOfSymbolAtLocation(table, db);
    const columns = new Map<string, boolean | 'either'>();
    for (const column of row.getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, db);
      // ColumnType<Select, Insert, Update>: what a select returns is its __select__.
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, db);
      // `unknown` (a JSON column read as what its writer stored) admits null as it admits anything.
      const nullable =
        type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)
          ? 'either'
          : type.isUnion()
            ? type.types.some((t) => (t.flags & ts.TypeFlags.Null) !== 0)
            : (type.flags & ts.TypeFlags.Null) !== 0;
      columns.set(column.name, nullable);
    }
    tables.set(table.name, columns);
  }
  return tables;
}

describe('hand-written row types match the migrated schema', () => {
  it('every table and column, with its nullability, on the migrated database', async () => {
    const declared = declaredTables();
    const database = await freshDatabase('pglite');
    try {
      // Views too: PostgreSQL reports every view column nullable, so a view's columns are checked
      // by name only.
      const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; table_type: string }>`
        select c.table_name, c.column_name, c.is_nullable, t.table_type
        from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type in ('BASE TABLE', 'VIEW')`.execute(database.db);
      const actual = new Map<string, Map<string, boolean | 'either'>>();
      for (const r of rows) {
        if (!actual.has(r.table_name)) actual.set(r.table_name, new Map());
        actual.get(r.table_name)!.set(r.column_name, r.table_type === 'VIEW' ? 'either' : r.is_nullable === 'YES');
      }
      const problems: string[] = [];
      for (const [table, columns] of actual) {
        const types = declared.get(table);
        if (!types) {
          problems.push(`table ${table} has no row type in DB`);
          continue;
        }
        for (const [column, nullable] of columns) {
          if (!types.has(column)) problems.push(`${table}.${column} is missing from its row type`);
          else if (nullable !== 'either' && types.get(column) !== 'either' && types.get(column) !== nullable)
            problems.push(
              `${table}.${column} is ${nullable ? '' : 'NOT '}nullable in the schema but ${types.get(column) ? '' : 'not '}in its row type`,
            );
        }
        for (const column of types.keys())
          if (!columns.has(column)) problems.push(`${table}.${column} is in its row type but not in the schema`);
      }
      for (const table of declared.keys()) if (!actual.has(table)) problems.push(`DB declares ${table}, which no migration creates`);
      assert.deepEqual(problems, []);
    } finally {
      await database.close();
    }
  });
});
