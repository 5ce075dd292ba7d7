// @ts-check
/**
 * The repository's shape as one ESLint rule: an app imports only packages/* and its own files, packages
 * never import apps, a web feature reaches another feature only through its index.ts, and the features
 * named in `reachesOnly` reach no feature but those listed (other areas' pieces come to them through
 * the slot registry, apps/web/src/components/slots/). Written here
 * rather than taken from eslint-plugin-import-x: its resolver needs native bindings this registry lacks
 * for other platforms, so `npm ci` could not install it everywhere.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const apps = ['api', 'projector', 'worker', 'web'];
const features = readdirSync(`${root}/apps/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features that may import only the features listed: the job pages take the other areas' sections
 * (locates, tickets, RFQs ...) from the slot registry, filled by the app shell.
 */
/** @type {Record<string, string[]>} */
const reachesOnly = {
  jobs: ['settings', 'reports', 'auth'],
};

/** The file an import names, relative to the root ('apps/api/src/x.ts'), or null for an outside package. */
function target(file, spec) {
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  const own = /^@trenchline\/([^/]+)(\/.*)?$/.exec(spec);
  if (!own) return null;
  const [, name, rest = ''] = own;
  return `${apps.includes(name) ? 'apps' : 'packages'}/${name}${rest}`;
}

const appOf = (rel) => /^apps\/([^/]+)/.exec(rel)?.[1] ?? null;
const featureOf = (rel) => /^apps\/web\/src\/features\/([^/]+)/.exec(rel)?.[1] ?? null;

/** Why an import crosses a boundary, or null. */
export function crossing(fromFile, spec) {
  const from = path.relative(root, fromFile);
  const to = target(fromFile, spec);
  if (to === null || to.startsWith('..')) return null;
  const fromApp = appOf(from);
  const toApp = appOf(to);
  if (from.startsWith('packages/') && toApp) return 'packages never import apps.';
  if (fromApp && toApp && fromApp !== toApp) return `apps/${fromApp} imports only packages/* and its own files; move what it shares into a package.`;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (from.startsWith('apps/web/') && toFeature && fromFeature !== toFeature && features.includes(toFeature)) {
    const allowed = fromFeature ? reachesOnly[fromFeature] : undefined;
    if (allowed && !allowed.includes(toFeature)) return `features/${fromFeature} imports no other feature but ${allowed.join(', ')}; take features/${toFeature}'s pieces from the slot registry (components/slots/), filled in app/slots.ts.`;
    const inside = to.slice(`apps/web/src/features/${toFeature}`.length);
    if (!['', '/', '/index', '/index.ts'].includes(inside)) return `import features/${toFeature} only through features/${toFeature}/index.ts.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', docs: { description: 'apps import only packages; web features import each other through index.ts' }, schema: [] },
  create(context) {
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const why = crossing(context.filename, spec);
      if (why) context.report({ node: node.source, message: why });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
