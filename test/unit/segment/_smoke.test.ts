import { segment } from '../../../src/segment/index.js';
import { headerBodyFooter, twoColumns, twoParagraphs, awkward } from './pages.js';
import { checkInvariants } from './invariants.js';
import type { Block } from '../../../src/segment/index.js';
function show(b: Block, ind = ''): string {
  return `${ind}${b.id} doc=${b.doc} rect=${b.rect.x},${b.rect.y},${b.rect.w},${b.rect.h} nodes=[${b.nodes.slice(0,6).join(',')}${b.nodes.length>6?'…':''}] chars=${b.stats.chars} seps=${b.separators.map(s=>s.orientation[0]+s.weight+'('+s.reasons.join(' ')+')').join(';')}\n` + b.children.map(c=>show(c, ind+'  ')).join('');
}
import { it } from "vitest";
it("smoke", () => {
for (const [name, s] of Object.entries({ hbf: headerBodyFooter(), two: twoColumns(), hr: twoParagraphs('hr'), border: twoParagraphs('border'), none: twoParagraphs('none'), awkward: awkward() })) {
  const t = segment(s);
  console.log('==', name); console.log(show(t.root)); console.log(checkInvariants(s, t));
}
});
