import { defineConfig } from 'prisma/config';

// Prisma 7 reads the datasource URL from here, not from the schema. Only the Prisma CLI reads
// this file (generate, and `migrate deploy` on machines with Prisma's engines); the app itself
// applies migrations with packages/db's migrator.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/frontier' },
});
