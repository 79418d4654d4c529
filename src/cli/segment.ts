/** `viseg segment <input>`: the VIPS block tree with DoC, roles and scores, as JSON or an outline. */
import { Command, Option } from 'commander';
import type { BlockRecord, Decision } from '../classify/index.js';
import type { Block, BlockTree, Separator } from '../segment/types.js';
import { jsonLine } from '../record/jsonl.js';
import { addRenderOptions, dflt, EXIT_OK, EXIT_SOME_FAILED, renderOne, reportFatal, type RenderCliOptions } from './common.js';
import { out, outRaw } from './terminal.js';

interface SegmentCliOptions extends RenderCliOptions {
  format?: 'json' | 'tree';
}

const EXAMPLES = `
Examples:
  $ viseg segment https://example.com/story -f tree          # an indented outline of the blocks
  $ viseg segment page.html --pdoc 5 > blocks.json           # a coarser tree, as JSON
  $ viseg segment page.html -f tree --viewport 390x844       # as on a phone`;

export interface SegmentNode {
  id: string;
  rect: Block['rect'];
  doc: number;
  role: BlockRecord['role'];
  score: number;
  main: boolean;
  chars: number;
  linkDensity: number;
  excerpt: string;
  separators: Separator[];
  children: SegmentNode[];
}

/** The block tree joined with the decision: one node per block. */
export function segmentView(tree: BlockTree, decision: Decision): { pdoc: number; main: Decision['main']; pageType: Decision['pageType']; root: SegmentNode } {
  const rec = new Map(decision.blocks.map((b) => [b.id, b]));
  const mainIds = new Set(decision.main?.blockIds ?? []);
  const toNode = (b: Block): SegmentNode => {
    const r = rec.get(b.id);
    const text = r?.excerpt || '';
    return {
      id: b.id, rect: b.rect, doc: b.doc, role: r?.role ?? 'other', score: r?.score ?? 0, main: mainIds.has(b.id) || decision.main?.id === b.id,
      chars: b.stats.chars, linkDensity: b.stats.chars ? Math.round((b.stats.linkChars / b.stats.chars) * 1000) / 1000 : 0,
      excerpt: text.length > 80 ? text.slice(0, 79) + '…' : text,
      separators: b.separators,
      children: b.children.map(toNode),
    };
  };
  return { pdoc: tree.pdoc, main: decision.main, pageType: decision.pageType, root: toNode(tree.root) };
}

/** An indented outline: id, role, DoC, score, size and an excerpt per block. */
export function formatOutline(root: SegmentNode): string {
  const lines: string[] = [];
  const walk = (n: SegmentNode, depth: number): void => {
    const r = n.rect;
    const mark = n.main ? ' *MAIN*' : '';
    const ex = n.children.length === 0 && n.excerpt ? `  "${n.excerpt}"` : '';
    lines.push(`${'  '.repeat(depth)}${n.id} [${n.role}${mark}] doc=${n.doc} score=${n.score} ${r.w}x${r.h}@${r.x},${r.y} chars=${n.chars}${ex}`);
    for (const c of n.children) walk(c, depth + 1);
  };
  walk(root, 0);
  return lines.join('\n') + '\n';
}

export function segmentCommand(): Command {
  const cmd = new Command('segment')
    .description('print the VIPS block tree of a page (ids, rects, DoC, roles, scores, excerpts)')
    .argument('<input>', 'URL, HTML file or - for stdin')
    .addOption(new Option('-f, --format <format>', `json, or tree: an indented outline ${dflt('json')}`).choices(['json', 'tree']));
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (input: string, o: SegmentCliOptions) => {
    try {
      const r = await renderOne('segment', input, o);
      if (!r) {
        process.exitCode = EXIT_SOME_FAILED;
        return;
      }
      const view = segmentView(r.tree!, r.decision!);
      if (o.format === 'tree') out(formatOutline(view.root));
      else outRaw(jsonLine(view, 2) + '\n');
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'segment');
    }
  });
  return cmd;
}
