/**
 * The PageSnapshot as a file format: a zod schema of the type in snapshot/types.ts, a reader that
 * validates a whole snapshot (a file from `viseg snapshot`, or one handed to the library), and the
 * cheap check every analysis makes: the version, and the shape the stages rely on.
 */
import { z } from 'zod';
import { SNAPSHOT_VERSION, type PageSnapshot } from './types.js';
import { at } from '../util/at.js';
import type { SameType } from '../util/types.js';

const rect = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

const style = z.object({
  display: z.string(), position: z.string(), visibility: z.string(), opacity: z.number(), float: z.string(), zIndex: z.number().nullable(),
  overflow: z.string(), fontSize: z.number(), fontWeight: z.number(), fontStyle: z.string(), color: z.string(), backgroundColor: z.string(),
  effectiveBackground: z.string(), backgroundImage: z.boolean(), borderTop: z.number(), borderRight: z.number(), borderBottom: z.number(),
  borderLeft: z.number(), textAlign: z.string(), whiteSpace: z.string(), order: z.number(), flexDirection: z.string(),
});

const node = z.object({
  id: z.number().int().min(0),
  parent: z.number().int().min(-1),
  kind: z.enum(['element', 'text']),
  tag: z.string(),
  rect,
  children: z.array(z.number().int().min(0)),
  text: z.string().optional(),
  lines: z.number().optional(),
  attrs: z.record(z.string(), z.string()).optional(),
  style: style.optional(),
  visible: z.boolean(),
  inShadow: z.boolean().optional(),
  inFrame: z.boolean().optional(),
  collapsed: z.boolean().optional(),
});

export const pageSnapshotSchema = z
  .object({
    version: z.literal(SNAPSHOT_VERSION),
    url: z.string(),
    finalUrl: z.string(),
    title: z.string(),
    viewport: z.object({ width: z.number(), height: z.number(), deviceScaleFactor: z.number() }),
    document: z.object({ width: z.number(), height: z.number() }),
    root: z.number().int().min(0),
    nodes: z.array(node),
    links: z.array(z.object({ node: z.number().int(), href: z.string(), text: z.string() })),
    images: z.array(z.object({ node: z.number().int(), src: z.string(), alt: z.string(), w: z.number(), h: z.number() })),
    forms: z.array(z.object({ node: z.number().int(), tag: z.string(), type: z.string() })),
    metadata: z.object({
      title: z.string(), description: z.string(), canonical: z.string(), baseHref: z.string().optional(), lang: z.string(), dir: z.string(),
      meta: z.record(z.string(), z.string()), metaAll: z.record(z.string(), z.array(z.string())).optional(), jsonLd: z.array(z.unknown()), times: z.array(z.string()),
    }),
  })
  .superRefine((s, ctx) => {
    const problem = treeProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

// PageSnapshot is written out in types.ts for its field docs; this fails to compile when it and
// the schema describe different objects, so a field added to one must be added to the other.
const SCHEMA_IS_TYPE: SameType<z.output<typeof pageSnapshotSchema>, PageSnapshot> = true;
void SCHEMA_IS_TYPE;

/**
 * The first way a snapshot's nodes fail to form the tree the stages index into, or null. Ids are
 * positions, and parents and children point inside the array. The capture writes a node before
 * its children (pre-order), so a parent has a lower id and a child a higher one: holding files to
 * that rules out cycles, on which the stages' walks up and down the tree would never end.
 */
function treeProblem(s: Pick<PageSnapshot, 'nodes' | 'root'>): { path: Array<string | number>; message: string } | null {
  const n = s.nodes.length;
  if (n && (s.root < 0 || s.root >= n)) return { path: ['root'], message: `root ${s.root} is not a node (${n} nodes)` };
  for (let i = 0; i < n; i++) {
    const x = at(s.nodes, i);
    if (x.id !== i) return { path: ['nodes', i, 'id'], message: `node ${i} has id ${x.id}` };
    if (x.parent >= n) return { path: ['nodes', i, 'parent'], message: `parent ${x.parent} is not a node` };
    if (x.parent >= i) return { path: ['nodes', i, 'parent'], message: `parent ${x.parent} does not come before node ${i}` };
    for (const c of x.children) {
      if (c >= n) return { path: ['nodes', i, 'children'], message: `child ${c} is not a node` };
      if (c <= i) return { path: ['nodes', i, 'children'], message: `child ${c} does not come after node ${i}` };
    }
  }
  return null;
}

/** A snapshot that cannot be analysed: wrong version, or not a snapshot. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

function versionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'not a viseg snapshot (not an object)';
  const v = (value as { version?: unknown }).version;
  if (v === SNAPSHOT_VERSION) return null;
  return typeof v === 'number'
    ? `snapshot version ${v}, but this viseg reads version ${SNAPSHOT_VERSION}: record it again with this viseg (viseg snapshot)`
    : 'not a viseg snapshot (no version)';
}

/** Validate a whole snapshot (e.g. `JSON.parse` of a `viseg snapshot` file). Throws {@link SnapshotError}. */
export function parseSnapshot(value: unknown): PageSnapshot {
  const wrongVersion = versionProblem(value);
  if (wrongVersion) throw new SnapshotError(wrongVersion);
  const r = pageSnapshotSchema.safeParse(value);
  if (!r.success) {
    const i = at(r.error.issues, 0);
    throw new SnapshotError(`not a valid viseg snapshot: ${i.path.map(String).join('.') || 'top level'}: ${i.message}`);
  }
  return r.data;
}

/**
 * The check every analysis makes before it starts (one pass over the nodes, without the field by
 * field validation of {@link parseSnapshot}): the version, and the tree the stages index and walk.
 * Throws {@link SnapshotError}.
 */
export function checkSnapshot(value: PageSnapshot): void {
  const wrongVersion = versionProblem(value);
  if (wrongVersion) throw new SnapshotError(wrongVersion);
  if (!Array.isArray(value.nodes) || typeof value.root !== 'number') throw new SnapshotError('not a valid viseg snapshot: no nodes or root');
  const problem = treeProblem(value);
  if (problem) throw new SnapshotError(`not a valid viseg snapshot: ${problem.path.join('.')}: ${problem.message}`);
  if (typeof value.metadata !== 'object' || value.metadata === null) throw new SnapshotError('not a valid viseg snapshot: no metadata');
}
