import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const MODULE_BOUNDARY = 'Use another module only through its <module>.service or <module>.api file (docs/ARCHITECTURE.md).';

/**
 * For files `depth` folders below apps/server/src/modules/: `<up>/<b>/<file>` is allowed only when the
 * file is `<b>.service` or `<b>.api`, and no path may climb out and come back into modules/.
 */
function serverModuleBoundary(depth) {
  const up = `(?:\\.\\./){${depth}}`;
  return {
    files: [`apps/server/src/modules/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${up}([^./][^/]*)/(?!\\1\\.(?:service|api)$)`, message: MODULE_BOUNDARY },
            { regex: `^${up}\\.\\./(?:.*/)?modules(?:/|$)`, message: MODULE_BOUNDARY },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**'] },
  ...tseslint.configs.recommended,
  {
    // plain JavaScript run by Node: this file and the scripts of bench/, scripts/, apps/web/scripts/ (type-checked by tsconfig.scripts.json)
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
    rules: { ...js.configs.recommended.rules, 'no-unused-vars': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // a feature never imports another feature (bulletproof-react); composition happens in app/
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*/**', '!./**', '!../**'], message: 'Features do not import each other; move shared code down or compose in app/.' },
          ],
        },
      ],
    },
  },
  {
    // a 403 is the permission matrix saying no, not a failure to load: LoadError shows the no-access state for it
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/__tests__/**', 'apps/web/src/components/ui/load-error.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXElement[openingElement.name.name='Alert']:has(JSXText[value=/could not (be )?load/i], Literal[value=/could not (be )?load/i], TemplateElement[value.raw=/could not (be )?load/i])",
          message: "Show a query's load error with <LoadError error={query.error}> (components/ui/load-error): on a 403 it shows the no-access state.",
        },
      ],
    },
  },
  {
    // who may do what lives in src/policies (decision 0024): no role comparison anywhere else on the server
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/policies/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/db/seed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][left.type='MemberExpression'][left.property.name=/^(role|userType)$/]",
          message: 'Ask a policy (src/policies) instead of comparing roles.',
        },
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][right.type='MemberExpression'][right.property.name=/^(role|userType)$/]",
          message: 'Ask a policy (src/policies) instead of comparing roles.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(includes|has)$/] > MemberExpression.arguments[property.name='role']",
          message: 'Ask a policy (src/policies) instead of testing a role against a list.',
        },
        {
          selector: "SwitchStatement > MemberExpression.discriminant[property.name='role']",
          message: 'Ask a policy (src/policies) instead of switching on roles.',
        },
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][left.name='role']",
          message: 'Ask a policy (src/policies) instead of comparing roles.',
        },
      ],
    },
  },
  // a server module uses another only through its service or its api file (docs/ARCHITECTURE.md, "How the areas lean on each other")
  ...[1, 2, 3].map(serverModuleBoundary),
);
