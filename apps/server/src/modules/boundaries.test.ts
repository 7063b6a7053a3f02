/**
 * The map of docs/ARCHITECTURE.md ("How the areas lean on each other (server)") is the code's: every
 * import of one module by another (through which file) is in its table, the table lists no import
 * that is gone, and no module reaches itself again through others. Test files are left out: they may
 * check one module's answers with another's exported functions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(fileURLToPath(import.meta.url));
const ARCHITECTURE = path.resolve(MODULES, '../../../../docs/ARCHITECTURE.md');
const SECTION = '## How the areas lean on each other (server)';

/** A file `depth` folders below modules/ reaching `<up>/<module>/<file>`: `from`, `import '…'` and `import('…')`. */
const crossImport = (depth: number) => new RegExp(`(?:\\bfrom|\\bimport)\\s*\\(?\\s*['"](?:\\.\\./){${depth}}([a-z0-9-]+)/([^'"/]+)['"]`, 'g');

/** The source files (tests left out) of a module folder and its subfolders, with their depth below modules/. */
function sourceFiles(dir: string, depth = 1): Array<{ file: string; depth: number }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, depth + 1);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [{ file: full, depth }] : [];
  });
}

/** Every "module → other module through file" of the source files, as 'a → b (file)'. */
function importsInCode(): Set<string> {
  const found = new Set<string>();
  for (const module of readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const { file, depth } of sourceFiles(path.join(MODULES, module.name))) {
      for (const [, other, target] of readFileSync(file, 'utf8').matchAll(crossImport(depth))) {
        if (other !== module.name) found.add(`${module.name} → ${other} (${target.replace(/\.ts$/, '')})`);
      }
    }
  }
  return found;
}

/** The rows of the table: `| \`a\` | \`b\` | \`b.service\`, \`b.api\` |`, one entry per file. */
function importsInTable(): Set<string> {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf(SECTION);
  expect(start, `${SECTION} is missing from docs/ARCHITECTURE.md`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + SECTION.length);
  const listed = new Set<string>();
  for (const line of text.slice(start, end < 0 ? undefined : end).split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 3 || !cells[0].startsWith('`')) continue;
    const [from, to] = cells.slice(0, 2).map((c) => c.replace(/`/g, ''));
    for (const file of cells[2].split(',')) listed.add(`${from} → ${to} (${file.trim().replace(/`/g, '')})`);
  }
  return listed;
}

/** The first loop found among modules (a list of module names ending where it began), or null. */
function firstLoop(edges: Set<string>): string[] | null {
  const uses = new Map<string, Set<string>>();
  for (const edge of edges) {
    const [, from, to] = /^(\S+) → (\S+) /.exec(edge)!;
    uses.set(from, (uses.get(from) ?? new Set()).add(to));
  }
  const done = new Set<string>();
  const visit = (module: string, trail: string[]): string[] | null => {
    if (trail.includes(module)) return [...trail.slice(trail.indexOf(module)), module];
    if (done.has(module)) return null;
    for (const next of uses.get(module) ?? []) {
      const loop = visit(next, [...trail, module]);
      if (loop) return loop;
    }
    done.add(module);
    return null;
  };
  for (const module of uses.keys()) {
    const loop = visit(module, []);
    if (loop) return loop;
  }
  return null;
}

describe('module boundaries', () => {
  const code = importsInCode();
  const table = importsInTable();

  it('finds the imports between modules (the scan works)', () => {
    expect(code.size).toBeGreaterThan(10);
    expect(code).toContain('report-cards → results (results.service)');
  });

  it('lists every import between modules in docs/ARCHITECTURE.md', () => {
    expect([...code].filter((edge) => !table.has(edge)).sort(), 'add these rows to the table').toEqual([]);
  });

  it('lists no import that the code no longer has', () => {
    expect([...table].filter((edge) => !code.has(edge)).sort(), 'remove these rows from the table').toEqual([]);
  });

  it('has no loop between modules', () => {
    expect(firstLoop(code)).toBeNull();
  });
});
