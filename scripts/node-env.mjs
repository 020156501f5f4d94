// Imported first by the server scripts, before anything reads NODE_ENV: the logger picks its
// format when it loads (JSON lines in production, pretty in development), and so does Next.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
