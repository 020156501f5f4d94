import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'tests/.artifacts/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // lib/agent is framework-free: no Next, React or database imports.
    files: ['lib/agent/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['next', 'next/*', 'react', 'react-dom', '@/db/*', '@/db', 'drizzle-orm', 'drizzle-orm/*', '@libsql/*', '@/components/*', '@/app/*'] }],
    },
  },
];

export default config;
