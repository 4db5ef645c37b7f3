/**
 * The mesher runs only in column workers. Bundlers cannot always drop unused re-exports
 * (module-level tables count as side effects), so the main thread must not import it at
 * all, not even through a barrel. Walks the value imports from the entry point.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const ENTRY = join(ROOT, 'src/app/main.ts');

/** Relative modules `file` imports or re-exports as values (`import type` is erased). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?\s+from\s+'(\.[^']+)'/gm)) {
    if (m[1]) continue;
    const base = resolve(dirname(file), m[2]!);
    const path = [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
    if (path) out.push(path);
  }
  return out;
}

function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const stack = [entry];
  while (stack.length > 0) {
    for (const next of valueImports(stack.pop()!)) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

describe('main-thread imports', () => {
  const reachable = reachableFrom(ENTRY);

  it('the walk finds the main-thread modules (it is not vacuous)', () => {
    expect(reachable).toContain('src/app/loading/stream-loader.ts');
    expect(reachable).toContain('src/workers/worker-pool.ts');
  });

  it('do not reach buildColumn or the mesher', () => {
    expect(reachable).not.toContain('src/workers/build-column.ts');
    // The vertex layout is constants the shader shares; nothing else of src/mesh belongs here.
    expect(reachable).toContain('src/mesh/vertex-format.ts');
    expect([...reachable].filter((f) => f.startsWith('src/mesh/') && f !== 'src/mesh/vertex-format.ts')).toEqual([]);
  });
});
