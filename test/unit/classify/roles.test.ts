/**
 * Roles: the region rules on their own (hand-built block records), the fine blocks through a
 * hand-made role model (so the plumbing from features to roles is checked with known answers),
 * and the bundled role model's shape.
 */
import { describe, expect, it } from 'vitest';
import { bundledModels } from '../../../src/classify/index.js';
import { compileModel, type ModelFile } from '../../../src/classify/model.js';
import { SHAPE_FEATURES } from '../../../src/classify/block-shape.js';
import { ROLE_FEATURES, roleFeatureRow, rolePage } from '../../../src/classify/role-features.js';
import { assignRoles, blockNodes, blockRole, regionRole, ROLE_CLASSES, roleTable } from '../../../src/classify/roles.js';
import type { BlockFeatures, BlockRecord } from '../../../src/classify/types.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { h, page, prose } from '../strategies/build.js';
import { outOfRange } from '../../../src/util/at.js';

const W = 1200;
const H = 3000;
/** A page reduced to its size: the records are hand-built, so no block owns nodes (no DOM shape). */
const snapshot = { url: 'https://example.test/', document: { width: W, height: H }, nodes: [], links: [] } as unknown as PageSnapshot;

function rec(id: string, rect: [number, number, number, number], f: Partial<BlockFeatures> = {}, leaf = true): BlockRecord {
  const features: BlockFeatures = {
    chars: 100, words: 20, linkDensity: 0, textDensity: 1, wordsPerLine: 10, sentences: 2, relFontSize: 1, centring: 0.5,
    top: rect[1] / H, areaShare: (rect[2] * rect[3]) / (W * H), paragraphs: 1, headings: 0, listItems: 0, links: 0, images: 0,
    formControls: 0, tables: 0, mainShare: 0, prose: 0, hint: null, positionFixed: false,
    linkWords: 0, headlineLinks: 0, linkItems: 0, listShare: 0, shortRuns: 0, ...f,
  };
  return { id, rect: { x: rect[0], y: rect[1], w: rect[2], h: rect[3] }, doc: 6, leaf, role: 'other', fineRole: 'other', score: 0, logOdds: 0, components: {}, features, excerpt: '' };
}

/** A one-tree model: a fine block with link density >= 0.5 is navigation, any other content. */
function linkModel(): ModelFile {
  const k = ROLE_CLASSES.length;
  const nav = ROLE_CLASSES.indexOf('navigation');
  const content = ROLE_CLASSES.indexOf('content');
  const trees = ROLE_CLASSES.map((_, c) => ({
    feature: [ROLE_FEATURES.indexOf('linkDensity'), -1, -1],
    threshold: [0.5, 0, 0],
    left: [1, -1, -1],
    right: [2, -1, -1],
    value: [0, c === content ? 2 : 0, c === nav ? 2 : 0],
  }));
  return { format: 'viseg-trees-1', target: 'roles', classes: [...ROLE_CLASSES], features: [...ROLE_FEATURES], base: new Array(k).fill(0), trees, provenance: {} };
}

/** A page: header (1-1), main column (1-2, with an article and a link list), sidebar (1-3), footer (1-4). */
function pageRecords(): BlockRecord[] {
  return [
    rec('1', [0, 0, W, H], { chars: 2600 }, false),
    rec('1-1', [0, 0, W, 150], { chars: 100, linkDensity: 0.9, links: 6 }),
    rec('1-2', [0, 200, 800, 2400], { chars: 2000, mainShare: 0.8 }, false),
    rec('1-2-1', [0, 200, 800, 2000], { chars: 1700, mainShare: 0.95 }),
    rec('1-2-2', [0, 2200, 800, 400], { chars: 300, linkDensity: 0.8, links: 10 }),
    rec('1-3', [850, 200, 350, 1500], { chars: 300, linkDensity: 0.6, links: 12 }),
    rec('1-4', [0, 2800, W, 200], { chars: 200 }),
  ];
}
const levels = { top: ['1-1', '1-2', '1-3', '1-4'], fine: ['1-1', '1-2-1', '1-2-2', '1-3', '1-4'] };
const main = { id: '1-2-1', rect: { x: 0, y: 200, w: 800, h: 2000 }, score: 0.9, blockIds: ['1-2-1'] };

describe('role features', () => {
  it('gives one value per named feature, names unique', () => {
    const r = pageRecords();
    expect(new Set(ROLE_FEATURES).size).toBe(ROLE_FEATURES.length);
    const ctx = { index: 0, count: 2, regionIndex: 1, regions: 4, prevAny: (r[1] ?? outOfRange(1)), nextAny: (r[4] ?? outOfRange(4)), prevRegionRole: 'header' as const, nextRegionRole: 'sidebar' as const, ancestorHint: 'sidebar' as const, plainRank: 0.25 };
    const shape = SHAPE_FEATURES.map((_, i) => i + 100);
    const row = roleFeatureRow((r[3] ?? outOfRange(3)), (r[2] ?? outOfRange(2)), 'main', null, (r[4] ?? outOfRange(4)), rolePage(r, main.rect, snapshot), ctx, shape);
    expect(row).toHaveLength(ROLE_FEATURES.length);
    expect(row.every((x) => Number.isFinite(x))).toBe(true);
    const at = (name: string) => row[ROLE_FEATURES.indexOf(name)];
    expect(at('region_main')).toBe(1);
    expect(at('insideMain')).toBe(1);
    expect(at('prevLinkDensity')).toBe(-1);
    expect(at('nextLinkDensity')).toBe(0.8);
    expect(at('isRegion')).toBe(0);
    expect([at('siblings'), at('siblingIndex'), at('regionIndex'), at('regions')]).toEqual([2, 0, 1 / 3, 4]);
    expect(at('prevAnyLinkDensity')).toBeCloseTo(0.9);
    expect([at('prevRegion_header'), at('prevRegion_main'), at('nextRegion_sidebar')]).toEqual([1, 0, 1]);
    expect(SHAPE_FEATURES.map(at)).toEqual(shape);
    // the main content itself: all in its column, as wide, neither above nor below it
    expect([at('mainOverlapX'), at('widthToMain'), at('gapAboveMain'), at('gapBelowMain')]).toEqual([1, 1, -1, -1]);
    expect([at('ancestorHint_sidebar'), at('ancestorHint_navigation'), at('plainRank')]).toEqual([1, 0, 0.25]);
  });
});

describe('link and list features', () => {
  it('tells a menu of one-link items from a list of headline links and from prose', () => {
    const menuList = () => h('ul', {}, ...['Home', 'About us', 'Blog', 'Contact'].map((w) => h('li', {}, h('a', { href: `/${w}` }, w))));
    const snap = page(
      menuList(),
      h('ol', {},
        h('li', {}, h('a', { href: '/a' }, 'Council votes on the new river bridge'), ' (3 comments)'),
        h('li', {}, h('a', { href: '/b' }, 'Winter market opens in the old harbour'), h('a', { href: '/b#c' }, '5'))),
      h('p', {}, prose(3)),
      h('ul', { hidden: '1' }, h('li', {}, h('a', { href: '/x' }, 'Hidden'))),
    );
    const blocks = analyzeSnapshot(snap).decision.blocks;
    const root = (blocks[0] ?? outOfRange(0)).features;
    // Links with text: 4 menu entries (1 + 2 + 1 + 1 words), 2 headlines (7 words each) and "5";
    // the hidden list counts for nothing.
    expect(root.linkWords).toBeCloseTo((5 + 14 + 1) / 7);
    expect(root.headlineLinks).toBeCloseTo(2 / 7);
    // The 4 menu items are one link each; a headline with a comment count or a second link is not.
    expect(root.linkItems).toBeCloseTo(4 / 6);
    const listChars = 'HomeAboutusBlogContact'.length + 'Councilvotesonthenewriverbridge(3comments)'.length + 'Wintermarketopensintheoldharbour5'.length;
    expect(root.listShare).toBeCloseTo(listChars / (listChars + prose(3).replace(/\s+/g, '').length));
    expect(root.shortRuns).toBeGreaterThan(0);
    expect(root.shortRuns).toBeLessThan(1);
    // A menu on its own is a block whose roots sit inside its list items: it reads as a menu all the same.
    const menu = (analyzeSnapshot(page(menuList())).decision.blocks[0] ?? outOfRange()).features;
    expect([menu.linkWords, menu.headlineLinks, menu.linkItems, menu.listShare, menu.shortRuns]).toEqual([5 / 4, 0, 1, 1, 1]);
  });
});

describe('region roles (step 1)', () => {
  it('names regions by where they sit against the main one, and by their own elements', () => {
    const r = pageRecords();
    const [, header, mainRegion, side, footer] = [r[0], (r[1] ?? outOfRange(1)), (r[2] ?? outOfRange(2)), (r[5] ?? outOfRange(5)), (r[6] ?? outOfRange(6))];
    expect(regionRole(mainRegion, mainRegion, true, W, H)).toBe('main');
    expect(regionRole(mainRegion, mainRegion, false, W, H)).toBe('content');
    expect(regionRole(header, mainRegion, true, W, H)).toBe('header');
    expect(regionRole(side, mainRegion, true, W, H)).toBe('sidebar');
    expect(regionRole(footer, mainRegion, true, W, H)).toBe('footer');
    const named = rec('1-9', [0, 2800, W, 200], { hint: 'navigation' });
    expect(regionRole(named, mainRegion, true, W, H)).toBe('navigation');
    const fixed = rec('1-8', [0, 0, W, 700], { positionFixed: true });
    expect(regionRole(fixed, mainRegion, true, W, H)).toBe('overlay');
  });
});

describe('fine roles (step 2)', () => {
  it('turns content into main for main-content text, links below the article into related, and keeps overlays', () => {
    const r = pageRecords();
    expect(blockRole('content', (r[3] ?? outOfRange(3)), 'main', main)).toBe('main');
    expect(blockRole('content', (r[3] ?? outOfRange(3)), 'main', null)).toBe('content');
    expect(blockRole('content', (r[4] ?? outOfRange(4)), 'main', main)).toBe('content');
    expect(blockRole('navigation', (r[4] ?? outOfRange(4)), 'main', main)).toBe('related');
    expect(blockRole('navigation', (r[4] ?? outOfRange(4)), 'sidebar', main)).toBe('navigation');
    expect(blockRole('navigation', (r[3] ?? outOfRange(3)), 'main', main)).toBe('navigation');
    expect(blockRole('content', (r[3] ?? outOfRange(3)), 'overlay', main)).toBe('overlay');
    const banner = rec('1-2-3', [0, 2600, 728, 90], { chars: 0, images: 1 });
    expect(blockRole('content', banner, 'main', main)).toBe('advertisement');
    expect(blockRole('content', { ...banner, features: { ...banner.features, images: 0 } }, 'main', main)).toBe('content');
  });

  it('gives regions their rule role and fine blocks the model\'s, containers other', () => {
    const r = pageRecords();
    assignRoles(r, main, snapshot, compileModel(linkModel()), levels);
    expect(Object.fromEntries(r.map((b) => [b.id, b.role]))).toEqual({
      '1': 'other', '1-1': 'header', '1-2': 'main', '1-2-1': 'main', '1-2-2': 'related', '1-3': 'sidebar', '1-4': 'footer',
    });
    const t = roleTable(r, main, snapshot, levels);
    expect(t.regions.map((b) => b.id)).toEqual(levels.top);
    expect(t.blocks.map((b) => b.id)).toEqual(levels.fine);
    expect(t.rows).toHaveLength(levels.fine.length * ROLE_FEATURES.length);
  });

  it('gives a region that is a fine block too its fine role from the model, its top-level role from the rules', () => {
    const r = pageRecords();
    assignRoles(r, main, snapshot, compileModel(linkModel()), levels);
    // 1-1 (header, mostly links), 1-3 (sidebar, links) and 1-4 (footer, text) are not split:
    // the model reads them as navigation, navigation and content at the fine level.
    expect(Object.fromEntries(r.map((b) => [b.id, b.fineRole]))).toEqual({
      '1': 'other', '1-1': 'navigation', '1-2': 'main', '1-2-1': 'main', '1-2-2': 'related', '1-3': 'navigation', '1-4': 'content',
    });
    // The model sees such a region as a fine block whose region is itself, alone in it.
    const t = roleTable(r, main, snapshot, levels);
    const i = t.blocks.findIndex((b) => b.id === '1-3');
    expect((t.regions[(t.regionOf[i] ?? outOfRange(i))] ?? outOfRange((t.regionOf[i] ?? outOfRange(i)))).id).toBe('1-3');
    const row = t.rows.subarray(i * ROLE_FEATURES.length, (i + 1) * ROLE_FEATURES.length);
    const at = (name: string) => row[ROLE_FEATURES.indexOf(name)];
    expect(at('regionShare')).toBe(1);
    expect(at('region_sidebar')).toBe(1);
    expect(at('prevLinkDensity')).toBe(-1);
    expect(at('nextLinkDensity')).toBe(-1);
    // ...but it knows it is a region, and its neighbours on the page and among the regions.
    expect(at('isRegion')).toBe(1);
    expect(at('siblings')).toBe(1);
    expect(at('regionIndex')).toBeCloseTo(2 / 3);
    expect(at('prevAnyLinkDensity')).toBeCloseTo(0.8);
    expect(at('nextAnyLinkDensity')).toBe(0);
    expect([at('prevRegion_main'), at('nextRegion_footer')]).toEqual([1, 1]);
    // beside the main column (x 0-800), not in it; the article and the footer hold more plain text
    expect([at('mainOverlapX'), at('widthToMain'), at('gapAboveMain'), at('gapBelowMain')]).toEqual([0, 350 / 800, -1, -1]);
    expect(at('plainRank')).toBe(2 / 4);
    const footer = t.blocks.findIndex((b) => b.id === '1-4');
    const foot = (name: string) => t.rows[footer * ROLE_FEATURES.length + ROLE_FEATURES.indexOf(name)];
    expect(foot('mainOverlapX')).toBeCloseTo(800 / 1200);
    expect([foot('gapBelowMain'), foot('gapAboveMain')]).toEqual([600, -1]);
  });

  it('reads each fine block\'s DOM shape from the nodes the tree gives it', () => {
    const menu = h('ul', {}, ...['Home', 'About us', 'Blog', 'Contact'].map((w) => h('li', {}, h('a', { href: `/${w}` }, w))));
    const snap = page(menu);
    const a = analyzeSnapshot(snap);
    const repItems = (t: ReturnType<typeof roleTable>) => t.blocks.map((_, i) => t.rows[i * ROLE_FEATURES.length + ROLE_FEATURES.indexOf('repItems')]);
    const t = roleTable(a.decision.blocks, a.decision.main, snap, a.tree.levels, blockNodes(a.tree.root));
    expect(t.blocks.map((b) => b.id)).toEqual(a.tree.levels!.fine);
    // the page's one block is the menu: a run of four like items
    expect(repItems(t)).toEqual([4]);
    // without the nodes, no block has a shape
    expect(repItems(roleTable(a.decision.blocks, a.decision.main, snap, a.tree.levels))).toEqual([0]);
  });

  it('names the role of the nearest element above a fine block that names one', () => {
    const inNav = page(h('div', { class: 'site-nav' }, h('div', {}, h('div', {}, h('ul', {}, ...['Home', 'About us', 'Blog'].map((w) => h('li', {}, h('a', { href: `/${w}` }, w))))))));
    const a = analyzeSnapshot(inNav);
    const t = roleTable(a.decision.blocks, a.decision.main, inNav, a.tree.levels, blockNodes(a.tree.root));
    const hint = (name: string) => t.rows[ROLE_FEATURES.indexOf(name)];
    expect([hint('ancestorHint_navigation'), hint('ancestorHint_footer')]).toEqual([1, 0]);
  });

  it('keeps a fixed overlay region an overlay at both levels', () => {
    const r = [...pageRecords(), rec('1-5', [0, 0, W, 800], { positionFixed: true, linkDensity: 0.9, links: 5 })];
    assignRoles(r, main, snapshot, compileModel(linkModel()), { top: [...levels.top, '1-5'], fine: [...levels.fine, '1-5'] });
    expect([(r[7] ?? outOfRange(7)).role, (r[7] ?? outOfRange(7)).fineRole]).toEqual(['overlay', 'overlay']);
  });
});

describe('the bundled role model', () => {
  it('predicts the role classes from features the table computes', () => {
    const m = bundledModels().roles;
    expect(m.classes).toEqual([...ROLE_CLASSES]);
    for (const f of m.features) expect(ROLE_FEATURES).toContain(f);
  });
});
