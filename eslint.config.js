import tseslint from 'typescript-eslint';

// Syntax-level lint for every package and app (type errors are tsc's job). apps/web has its own
// config with Next's rules, which npm test runs as well.
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next*/**',
      '**/generated/**',
      '**/dist/**',
      '.data/**',
      '.bench/**',
      'scratch/**',
      'e2e/artifacts/**',
      'apps/web/**',
      'test-results/**',
      '**/next-env.d.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
