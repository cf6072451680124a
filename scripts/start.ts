// `npm start`: the production build served by the API, on the embedded database with demo data by default.
process.env.NODE_ENV ??= 'production';
if (!process.env.DATABASE_URL && process.env.DEMO_DATA === undefined) process.env.DEMO_DATA = '1';

await import('../apps/api/src/server.ts');
