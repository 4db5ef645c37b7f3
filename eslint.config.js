// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules that must stay pure: runnable in Node and in workers, deterministic. */
const PURE = ['src/noise/**', 'src/world/**', 'src/mesh/**', 'src/stream/**'];

const DOM_GLOBALS = ['window', 'document', 'navigator', 'localStorage', 'performance', 'requestAnimationFrame', 'self'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'noise-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // DESIGN.md: noise <- world <- mesh <- stream are pure TypeScript. No three.js, no GUI,
    // no DOM, no randomness, no clock; generation must not use engine-rounded transcendentals.
    files: PURE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['three', 'three/*', 'lil-gui'], message: 'Pure modules cannot import three.js or lil-gui (DESIGN.md §1).' },
            { group: ['**/render/**', '**/ui/**', '**/app/**', '**/workers/**'], message: 'Pure modules cannot depend on render, ui, app or workers (DESIGN.md §1).' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS.map((name) => ({ name, message: 'Pure modules cannot touch the DOM or the clock.' }))],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use a seeded hash (DESIGN.md §2).' },
        { object: 'Date', property: 'now', message: 'Pure modules have no clock.' },
        ...['sin', 'cos', 'tan', 'exp', 'pow', 'sqrt', 'log', 'atan2', 'hypot', 'cbrt'].map((property) => ({
          object: 'Math',
          property,
          message: 'Engines may round transcendentals differently; generation must be IEEE-exact (DESIGN.md §2).',
        })),
      ],
    },
  },
  {
    // Only app/ composes; nothing may import it.
    files: ['src/**'],
    ignores: ['src/app/**', ...PURE],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**'], message: 'Nothing imports app/ (DESIGN.md §1).' }] }],
    },
  },
);
