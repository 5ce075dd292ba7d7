/**
 * The platform knows no area (issue 30): no file name and no import under packages/platform/src names
 * one. An area's lists, queries and rules live with the area (packages/domain/src/<area>,
 * packages/read-model/src/<area>); the platform holds only what every area uses. Comments may still
 * mention an area as an example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const domain = path.resolve(here, '../../domain/src');

// Generic, not areas: shared is the domain's kernel, and bulk actions, reports and settings serve every area's records alike.
const GENERIC = new Set(['shared', 'bulk', 'reports', 'settings']);

/** The areas (the domain's folders) and the singular of each ('jobs' and 'job'). */
const areaWords = new Set(
  readdirSync(domain, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !GENERIC.has(e.name))
    .flatMap((e) => [e.name, e.name.replace(/s$/, '')]),
);

/** The words of a name or a line: split at anything not a letter or digit and between camelCase humps, lower-cased. */
const words = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

const named = (s: string) => [...new Set(words(s).filter((w) => areaWords.has(w)))];

/** What a file declares for export by name (values and types; re-exports are the declaring file's). */
const declaredExports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^export\s+(?:declare\s+)?(?:abstract\s+)?(?:const|let|var|function\*?|async\s+function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The domain's symbols only an area declares (ORCA_FORM_TYPE, TICKET_STATUSES), less any a generic folder declares too. */
function areaSymbols(): Set<string> {
  const folders = readdirSync(domain, { withFileTypes: true }).filter((e) => e.isDirectory());
  const declared = (generic: boolean) => folders.filter((e) => GENERIC.has(e.name) === generic).flatMap((e) => sourceFiles(path.join(domain, e.name)).flatMap(declaredExports));
  const shared = new Set([...declared(true), ...sourceFiles(domain).filter((f) => path.dirname(f) === domain).flatMap(declaredExports)]);
  return new Set(declared(false).filter((name) => !shared.has(name)));
}

/** Every import and export-from statement of a file, whole (one may span lines). */
const importsOf = (text: string) => text.match(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"][^'"]+['"]|^\s*import\s*['"][^'"]+['"]|\bimport\(\s*['"][^'"]+['"]\s*\)/gm) ?? [];

describe('the platform knows no area', () => {
  it('given the domain\'s areas, when they are read, then there are some (the check below is not vacuous)', () => {
    expect(areaWords.size).toBeGreaterThan(4);
  });

  it('given every non-test file under packages/platform/src, when its name and imports are read, then none names an area or imports what only an area declares', () => {
    const ofAreas = areaSymbols();
    expect(ofAreas.has('ORCA_FORM_TYPE')).toBe(true);
    const found: string[] = [];
    for (const file of sourceFiles(here)) {
      const rel = path.relative(here, file);
      const inName = named(rel);
      if (inName.length) found.push(`${rel}: its name names ${inName.join(', ')}`);
      for (const statement of importsOf(readFileSync(file, 'utf8'))) {
        const inImport = named(statement);
        const line = statement.trim().replace(/\s+/g, ' ');
        if (inImport.length) found.push(`${rel}: ${line} names ${inImport.join(', ')}`);
        const fromDomain = /['"]@trenchline\/domain['"]/.test(statement);
        const ofArea = fromDomain ? [...statement.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]).filter((n) => ofAreas.has(n)) : [];
        if (ofArea.length) found.push(`${rel}: ${line} imports ${ofArea.join(', ')}, which only an area declares`);
      }
    }
    expect(found).toEqual([]);
  });

  it('given names an area or none, when their words are read, then only whole words of an area count', () => {
    expect(named('lists/orca-jobs.ts')).toEqual(['jobs']);
    expect(named("import { ORCA_FORM_TYPE, TICKET_STATUSES } from '@trenchline/domain';")).toEqual(['ticket']);
    expect(named("import { withLocateWarnings } from './locates.ts';")).toEqual(['locate', 'locates']);
    expect(named("import { parseOrdering, BadOrdering } from './engine.ts';")).toEqual([]);
  });
});
