/**
 * Part of `npm run lint`: fails when modules import each other in a cycle. Type-only imports count too
 * (ESLint's import-x/no-cycle skips them): a cycle of types still ties two modules into one.
 * Imports are read and resolved by the TypeScript compiler, as `tsc` resolves them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

/** Every group of modules that reach each other through imports (Tarjan's strongly connected components). */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(file, Math.min(low.get(file)!, index.get(dep)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.reverse());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The repository's TypeScript files, tracked or new, and the compiler options they are checked with. */
export function repositoryFiles(root: string): { files: string[]; options: ts.CompilerOptions } {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.endsWith('.d.ts'))
    .map((f) => path.join(root, f));
  const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile).config;
  return { files, options: ts.parseJsonConfigFileContent(config, ts.sys, root).options };
}

/** What each of `files` imports statically (import, import type, export ... from) among `files`. */
export function importGraph(files: string[], options: ts.CompilerOptions): ImportGraph {
  const own = new Set(files);
  const cache = ts.createModuleResolutionCache(path.dirname(files[0] ?? '.'), (f) => f, options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const deps = new Set<string>();
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!specifier) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (!resolved) continue;
      const real = realpathSync(resolved);
      if (own.has(real)) deps.add(real);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const { files, options } = repositoryFiles(root);
  const cycles = findCycles(importGraph(files, options));
  for (const cycle of cycles) console.error(`import cycle:\n  ${cycle.map((f) => path.relative(root, f)).join('\n  ')}`);
  if (cycles.length) process.exit(1);
  console.log('import cycles: none');
}
