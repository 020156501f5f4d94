// npm run db:migrate — applies db/migrations to DATABASE_URL (the app also does this at startup).
import { applyMigrations, databaseUrl, openClient } from '../db/open.mjs';

const url = databaseUrl();
const client = await openClient(url);
await applyMigrations(client);
client.close();
console.log(`migrations applied to ${url.replace(/\/\/[^@]*@/, '//***@')}`);
