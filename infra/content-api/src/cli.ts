import fs from 'node:fs';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { exportContent, importContent } from './transfer/content-transfer';

const USAGE = 'usage: content export <file.json> | content import <file.json>   (same DATA_DIR / DATABASE_URL as the server)';

/** Exports or imports the whole content as JSON, against the database the server would use. */
async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'export' && command !== 'import') || !file) {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnv();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    if (command === 'export') {
      const data = await exportContent(database.db);
      fs.writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
      const rows = Object.values(data.tables).reduce((sum, rows) => sum + rows.length, 0);
      console.log(`exported ${rows} rows from ${database.engine} to ${file}`);
    } else {
      const counts = await importContent(database.db, JSON.parse(fs.readFileSync(file, 'utf8')));
      const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
      console.log(`imported ${rows} rows into ${database.engine} from ${file}; search index rebuilt`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`content ${process.argv[2] ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
