/**
 * The layout the architecture describes (docs/architecture.md §1), checked rather than hoped
 * for: no import cycles among our modules (type imports included: a cycle of types is still
 * two modules that cannot be understood apart), no source file longer than a reader can hold,
 * and `src/app`'s root holding only the composition root.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');
const MAX_LINES = 450;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Our modules `file` imports or re-exports, types included. */
function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
    const base = resolve(dirname(file), m[1]!);
    const path = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => p.endsWith('.ts') && existsSync(p));
    if (path) out.push(path);
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, imports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map((f) => relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('architecture', () => {
  const files = sourceFiles(SRC);

  it('finds the sources (the checks below are not vacuous)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(imports(join(SRC, 'app/game.ts')).length).toBeGreaterThan(10);
  });

  it('the cycle finder finds a cycle, type imports included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { C } from './c';\nexport const b = 1 as unknown as C;\n");
    writeFileSync(join(dir, 'c.ts'), "export { a as C } from './a';\n");
    expect(cycles(sourceFiles(dir)).map((c) => c.length)).toEqual([3]);
  });

  it('has no import cycles', () => {
    expect(cycles(files)).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = files.map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("keeps only the composition root in src/app's root, and game.ts within 300 lines", () => {
    const root = readdirSync(join(SRC, 'app')).filter((name) => !statSync(join(SRC, 'app', name)).isDirectory());
    expect(root.sort()).toEqual(['game.ts', 'main.ts', 'test-api.ts']);
    expect(readFileSync(join(SRC, 'app/game.ts'), 'utf8').split('\n').length - 1).toBeLessThanOrEqual(300);
  });
});
