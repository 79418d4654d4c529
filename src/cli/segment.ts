/**
 * `viseg segment <input>`: the VIPS block tree with DoC, roles and scores, as JSON or an outline;
 * or one level of it (`--level top|fine`) as a flat list of blocks.
 */
import { Command, Option } from 'commander';
import { roleAt, type BlockRecord, type Decision } from '../classify/index.js';
import type { Block, BlockLevels, BlockTree, Separator } from '../segment/types.js';
import { jsonLine } from '../record/jsonl.js';
import { addRenderOptions, dflt, EXIT_OK, EXIT_SOME_FAILED, renderOne, reportFatal, type RenderCliOptions } from './common.js';
import { out, outRaw } from './terminal.js';

export const SEGMENT_LEVELS = ['top', 'fine'] as const;
export type SegmentLevel = (typeof SEGMENT_LEVELS)[number];

interface SegmentCliOptions extends RenderCliOptions {
  format?: 'json' | 'tree';
  level?: SegmentLevel;
}

const EXAMPLES = `
Examples:
  $ viseg segment https://example.com/story -f tree          # an indented outline of the blocks
  $ viseg segment page.html --pdoc 5 > blocks.json           # a coarser tree, as JSON
  $ viseg segment page.html -f tree --viewport 390x844       # as on a phone
  $ viseg segment page.html --level top -f tree              # the page's regions only`;

export interface SegmentNode {
  id: string;
  rect: Block['rect'];
  doc: number;
  /** The block's role at the level shown: with `--level fine` its fine role, otherwise its top-level role. */
  role: BlockRecord['role'];
  /** Its role in the fine view (differs from `role` for a top-level block that is not split further). */
  fineRole: BlockRecord['fineRole'];
  score: number;
  main: boolean;
  chars: number;
  linkDensity: number;
  excerpt: string;
  separators: Separator[];
  children: SegmentNode[];
}

export interface SegmentView {
  pdoc: number;
  /** With `--level`: the level whose blocks are the root's children. */
  level?: SegmentLevel;
  /** The block ids of each level (the fine level is the tree's leaves). */
  levels: BlockLevels;
  main: Decision['main'];
  pageType: Decision['pageType'];
  root: SegmentNode;
}

function cut(text: string): string {
  return text.length > 80 ? text.slice(0, 79) + '…' : text;
}

/**
 * The block tree joined with the decision: one node per block. With `level`, the root's children
 * are that level's blocks, flat (each without children), in reading order.
 */
export function segmentView(tree: BlockTree, decision: Decision, level?: SegmentLevel): SegmentView {
  const rec = new Map(decision.blocks.map((b) => [b.id, b]));
  const mainIds = new Set(decision.main?.blockIds ?? []);
  const levels: BlockLevels = tree.levels ?? { top: [tree.root.id], fine: leavesOf(tree.root).map((b) => b.id) };
  const node = (b: Block, children: SegmentNode[], separators: Separator[]): SegmentNode => {
    const r = rec.get(b.id);
    // Inner blocks have no excerpt of their own in the record: their leaves' text stands for it.
    const text = r?.excerpt || leavesOf(b).map((l) => rec.get(l.id)?.excerpt ?? '').filter(Boolean).join(' ');
    return {
      id: b.id, rect: b.rect, doc: b.doc, role: r ? roleAt(r, level === 'fine' ? 'fine' : 'top') : 'other', fineRole: r?.fineRole ?? 'other', score: r?.score ?? 0, main: mainIds.has(b.id) || decision.main?.id === b.id,
      chars: b.stats.chars, linkDensity: b.stats.chars ? Math.round((b.stats.linkChars / b.stats.chars) * 1000) / 1000 : 0,
      excerpt: cut(text), separators, children,
    };
  };
  const toNode = (b: Block): SegmentNode => node(b, b.children.map(toNode), b.separators);
  const head = { pdoc: tree.pdoc, ...(level ? { level } : {}), levels, main: decision.main, pageType: decision.pageType };
  if (!level) return { ...head, root: toNode(tree.root) };
  const byId = new Map<string, Block>();
  const index = (b: Block): void => {
    byId.set(b.id, b);
    for (const c of b.children) index(c);
  };
  index(tree.root);
  const flat = levels[level].map((id) => byId.get(id)).filter((b): b is Block => b !== undefined).map((b) => node(b, [], []));
  return { ...head, root: node(tree.root, flat, []) };
}

function leavesOf(b: Block, out: Block[] = []): Block[] {
  if (b.children.length === 0) out.push(b);
  for (const c of b.children) leavesOf(c, out);
  return out;
}

/** An indented outline: id, role, DoC, score, size and an excerpt per block. */
export function formatOutline(root: SegmentNode): string {
  const lines: string[] = [];
  const walk = (n: SegmentNode, depth: number): void => {
    const r = n.rect;
    const mark = n.main ? ' *MAIN*' : '';
    const ex = n.children.length === 0 && n.excerpt ? `  "${n.excerpt}"` : '';
    const fine = n.fineRole !== n.role ? ` fine:${n.fineRole}` : '';
    lines.push(`${'  '.repeat(depth)}${n.id} [${n.role}${fine}${mark}] doc=${n.doc} score=${n.score} ${r.w}x${r.h}@${r.x},${r.y} chars=${n.chars}${ex}`);
    for (const c of n.children) walk(c, depth + 1);
  };
  walk(root, 0);
  return lines.join('\n') + '\n';
}

export function segmentCommand(): Command {
  const cmd = new Command('segment')
    .description('print the VIPS block tree of a page (ids, rects, DoC, roles, scores, excerpts)')
    .argument('<input>', 'URL, HTML file or - for stdin')
    .addOption(new Option('-f, --format <format>', `json, or tree: an indented outline ${dflt('json')}`).choices(['json', 'tree']))
    .addOption(new Option('--level <level>', "only one level, as a flat list: top = the page's regions (header, navigation, main, sidebar, footer), fine = the blocks inside them").choices([...SEGMENT_LEVELS]));
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (input: string, o: SegmentCliOptions) => {
    try {
      const r = await renderOne('segment', input, o);
      if (!r) {
        process.exitCode = EXIT_SOME_FAILED;
        return;
      }
      const view = segmentView(r.tree!, r.decision!, o.level);
      if (o.format === 'tree') out(formatOutline(view.root));
      else outRaw(jsonLine(view, 2) + '\n');
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'segment');
    }
  });
  return cmd;
}
