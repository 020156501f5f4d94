import { defineConfig } from 'drizzle-kit';

// `turso` is drizzle-kit's libSQL dialect: it handles file: URLs as well as libsql:// and https:// ones.
export default defineConfig({
  dialect: 'turso',
  schema: './db/schema.ts',
  out: './db/migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:./data/playground.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
