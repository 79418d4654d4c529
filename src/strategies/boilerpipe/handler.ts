/**
 * boilerpipe's BoilerpipeHTMLContentHandler (1.2.0, with its DefaultTagActionMap), fed with
 * SAX-style events from a walk over the rendered snapshot instead of NekoHTML's parse of the raw
 * HTML. The state machine is boilerpipe's, field for field, so blocks are cut, counted and
 * emptied exactly as there:
 *
 *  - every element outside the tag map (div, p, li, td, h1, br, img, label, small, time, ...)
 *    flushes the block in progress at its start and at its end;
 *  - the inline tags (a, b, i, u, em, strong, span, sup, sub, code, tt, var, font, strike, abbr,
 *    acronym) do not flush; abbr and acronym put a space around their text, `a` puts one around
 *    and marks its words as anchor text (every `<a>`, with or without href);
 *  - style, script, option, object, embed, applet, link and noscript flush and hide their text;
 *  - a flush asked for by a start tag happens at the next text (or end tag); text outside the
 *    body is dropped;
 *  - a block whose buffer holds no token (only spaces and anchor marks) is not emitted, and its
 *    buffer (marks, spaces, and here its text nodes) carries over into the next block.
 *
 * Where the rendered DOM cannot give what boilerpipe's parser sees, see docs/strategies.md
 * ("boilerpipe: where the port cannot be exact"): elements the snapshot does not keep (scripts
 * and styles, display:none subtrees, the content of form fields, svg and media) are not there to
 * flush or to add text, the HTML parsers repair broken markup differently, and the title is the
 * rendered document's.
 */
import type { PageSnapshot } from '../../snapshot/types.js';
import { TextBlock, type TextDocument } from './document.js';
import { isJavaWhitespace, isWord, javaTrim, tokenize } from './java.js';
import { at } from '../../util/at.js';

type TagAction = 'ignorable' | 'anchor' | 'body' | 'inline-whitespace' | 'inline-no-whitespace';

/** DefaultTagActionMap. FONT maps to the plain inline action (TA_FONT and its labels are unused). */
const TAG_ACTIONS: ReadonlyMap<string, TagAction> = new Map<string, TagAction>([
  ['style', 'ignorable'], ['script', 'ignorable'], ['option', 'ignorable'], ['object', 'ignorable'],
  ['embed', 'ignorable'], ['applet', 'ignorable'], ['link', 'ignorable'], ['noscript', 'ignorable'],
  ['a', 'anchor'],
  ['body', 'body'],
  ['strike', 'inline-no-whitespace'], ['u', 'inline-no-whitespace'], ['b', 'inline-no-whitespace'],
  ['i', 'inline-no-whitespace'], ['em', 'inline-no-whitespace'], ['strong', 'inline-no-whitespace'],
  ['span', 'inline-no-whitespace'], ['sup', 'inline-no-whitespace'], ['code', 'inline-no-whitespace'],
  ['tt', 'inline-no-whitespace'], ['sub', 'inline-no-whitespace'], ['var', 'inline-no-whitespace'],
  ['font', 'inline-no-whitespace'],
  ['abbr', 'inline-whitespace'], ['acronym', 'inline-whitespace'],
]);

/** Tag actions that change the tag level (all but the inline ones). */
function changesTagLevel(a: TagAction | undefined): boolean {
  return a === undefined || a === 'ignorable' || a === 'anchor' || a === 'body';
}

const ANCHOR_TEXT_START = '$\ue00a<';
const ANCHOR_TEXT_END = '>\ue00a$';
/** flushBlock's wrap width for the text density. */
const MAX_LINE_LENGTH = 80;

/** The content handler's state (BoilerpipeHTMLContentHandler's fields of the same names). */
class ContentHandler {
  tokenBuffer = '';
  textBuffer = '';
  inBody = 0;
  inAnchor = 0;
  inIgnorableElement = 0;
  tagLevel = 0;
  blockTagLevel = -1;
  sbLastWasWhitespace = false;
  flush = false;
  inAnchorText = false;
  offsetBlocks = 0;
  /** Text nodes whose text went into the buffers since the last emitted block. */
  currentNodes: number[] = [];
  readonly textBlocks: TextBlock[] = [];

  startElement(tag: string): void {
    const ta = TAG_ACTIONS.get(tag);
    if (ta === undefined) {
      this.tagLevel++;
      this.flush = true;
      return;
    }
    if (changesTagLevel(ta)) this.tagLevel++;
    switch (ta) {
      case 'ignorable':
        this.inIgnorableElement++;
        this.flush = true;
        break;
      case 'anchor':
        if (this.inAnchor++ > 0) {
          // boilerpipe's recovery from nested anchors (a parser bug there): close the outer one.
          this.endAnchor();
        }
        if (this.inIgnorableElement === 0) {
          this.addWhitespaceIfNecessary();
          this.tokenBuffer += ANCHOR_TEXT_START + ' ';
          this.sbLastWasWhitespace = true;
        }
        break;
      case 'body':
        this.flushBlock();
        this.inBody++;
        break;
      case 'inline-whitespace':
        this.addWhitespaceIfNecessary();
        break;
      case 'inline-no-whitespace':
        break;
    }
  }

  endElement(tag: string): void {
    const ta = TAG_ACTIONS.get(tag);
    if (ta === undefined) {
      this.flush = true;
    } else {
      switch (ta) {
        case 'ignorable':
          this.inIgnorableElement--;
          this.flush = true;
          break;
        case 'anchor':
          this.endAnchor();
          break;
        case 'body':
          this.flushBlock();
          this.inBody--;
          break;
        case 'inline-whitespace':
          this.addWhitespaceIfNecessary();
          break;
        case 'inline-no-whitespace':
          break;
      }
    }
    if (changesTagLevel(ta)) this.tagLevel--;
    if (this.flush) this.flushBlock();
  }

  private endAnchor(): void {
    this.inAnchor--;
    if (this.inAnchor === 0 && this.inIgnorableElement === 0) {
      this.addWhitespaceIfNecessary();
      this.tokenBuffer += ANCHOR_TEXT_END + ' ';
      this.sbLastWasWhitespace = true;
    }
  }

  characters(raw: string, node: number): void {
    if (this.flush) {
      this.flushBlock();
      this.flush = false;
    }
    if (this.inIgnorableElement !== 0 || raw.length === 0) return;
    let ch = '';
    for (let i = 0; i < raw.length; i++) ch += isJavaWhitespace(raw.charCodeAt(i)) ? ' ' : raw[i];
    let start = 0;
    let end = ch.length;
    while (start < end && ch.charCodeAt(start) === 0x20) start++;
    while (end > start && ch.charCodeAt(end - 1) === 0x20) end--;
    const startWhitespace = start > 0;
    const endWhitespace = end < ch.length;
    if (start === end) {
      if (startWhitespace || endWhitespace) {
        if (!this.sbLastWasWhitespace) {
          this.textBuffer += ' ';
          this.tokenBuffer += ' ';
        }
        this.sbLastWasWhitespace = true;
      } else {
        this.sbLastWasWhitespace = false;
      }
      return;
    }
    if (startWhitespace && !this.sbLastWasWhitespace) {
      this.textBuffer += ' ';
      this.tokenBuffer += ' ';
    }
    if (this.blockTagLevel === -1) this.blockTagLevel = this.tagLevel;
    const text = ch.slice(start, end);
    this.textBuffer += text;
    this.tokenBuffer += text;
    if (endWhitespace) {
      this.textBuffer += ' ';
      this.tokenBuffer += ' ';
    }
    this.sbLastWasWhitespace = endWhitespace;
    this.currentNodes.push(node);
  }

  private clearBuffers(): void {
    this.textBuffer = '';
    this.tokenBuffer = '';
  }

  flushBlock(): void {
    if (this.inBody === 0) {
      // Text before the body (boilerpipe takes the title from there; see extractTextDocument).
      this.clearBuffers();
      this.currentNodes = [];
      return;
    }
    const length = this.tokenBuffer.length;
    if (length === 0) return;
    if (length === 1 && this.sbLastWasWhitespace) {
      this.clearBuffers();
      return;
    }
    let numWords = 0;
    let numLinkedWords = 0;
    let numWrappedLines = 0;
    let currentLineLength = -1;
    let numTokens = 0;
    let numWordsCurrentLine = 0;
    for (const token of tokenize(this.tokenBuffer)) {
      if (token === ANCHOR_TEXT_START) {
        this.inAnchorText = true;
      } else if (token === ANCHOR_TEXT_END) {
        this.inAnchorText = false;
      } else if (isWord(token)) {
        numTokens++;
        numWords++;
        numWordsCurrentLine++;
        if (this.inAnchorText) numLinkedWords++;
        currentLineLength += token.length + 1;
        if (currentLineLength > MAX_LINE_LENGTH) {
          numWrappedLines++;
          currentLineLength = token.length;
          numWordsCurrentLine = 1;
        }
      } else {
        numTokens++;
      }
    }
    // No token: the buffers (and the text nodes in them) stay for the next block.
    if (numTokens === 0) return;
    let numWordsInWrappedLines: number;
    if (numWrappedLines === 0) {
      numWordsInWrappedLines = numWords;
      numWrappedLines = 1;
    } else {
      numWordsInWrappedLines = numWords - numWordsCurrentLine;
    }
    const tb = new TextBlock(javaTrim(this.textBuffer), this.currentNodes, numWords, numLinkedWords, numWordsInWrappedLines, numWrappedLines, this.offsetBlocks, this.blockTagLevel);
    this.currentNodes = [];
    this.offsetBlocks++;
    this.clearBuffers();
    this.textBlocks.push(tb);
    this.blockTagLevel = -1;
  }

  addWhitespaceIfNecessary(): void {
    if (!this.sbLastWasWhitespace) {
      this.tokenBuffer += ' ';
      this.textBuffer += ' ';
      this.sbLastWasWhitespace = true;
    }
  }
}

/** Elements that sit in a line as one atomic box (replaced elements and form controls). */
const ATOMIC_TAGS: ReadonlySet<string> = new Set(['img', 'input', 'button', 'select', 'textarea', 'svg', 'canvas', 'video', 'audio', 'iframe', 'object', 'embed', 'math', 'progress', 'meter']);

function isInlineLevel(display: string | undefined): boolean {
  return display === undefined || display === 'inline' || display === 'contents';
}

/**
 * The text boilerpipe would read for each text node. The snapshot stores a rendered text node
 * that holds only white space as " ", and that includes no-break spaces: `<p>&nbsp;</p>` and
 * `<br>&nbsp;` are common spacers, and to boilerpipe (for which U+00A0 is not white space) a
 * block of their own with one token and no word, which counts as a neighbour and a distance in
 * its rules. A collapsible space is rendered only after other inline content on its line, so a
 * rendered blank text node that starts a line (nothing before it in its inline formatting
 * context, a `<br>` just before it, or the content before it ends on a line above) was
 * no-break spaces; it is read as U+00A0.
 */
function readTexts(snapshot: PageSnapshot): string[] {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  // inner[id]: the element whose inline formatting context the children of `id` belong to.
  const inner = new Int32Array(n);
  // Per formatting context: the bottom of its last inline item so far (NaN: none yet), and
  // whether a <br> came after that item.
  const lastBottom = new Float64Array(n).fill(Number.NaN);
  const brAfter = new Uint8Array(n);
  const texts: string[] = new Array<string>(n);
  const item = (ctx: number, r: { y: number; w: number; h: number }) => {
    if (r.w <= 0 || r.h <= 0) return;
    lastBottom[ctx] = r.y + r.h;
    brAfter[ctx] = 0;
  };
  for (const node of nodes) {
    const p = node.parent;
    const ctx = p >= 0 ? at(inner, p) : node.id;
    if (node.kind === 'text') {
      const text = node.text ?? '';
      texts[node.id] = text;
      if (/[^ \t\n\r\f]/u.test(text)) {
        item(ctx, node.rect);
      } else if (text === ' ' && node.rect.w > 0 && p >= 0) {
        const ws = at(nodes, p).style?.whiteSpace ?? 'normal';
        const preserved = ws.startsWith('pre') || ws === 'break-spaces';
        const before = at(lastBottom, ctx);
        if (!preserved && (Number.isNaN(before) || brAfter[ctx] || before <= node.rect.y)) texts[node.id] = '\u00a0';
      }
      continue;
    }
    const display = node.style?.display;
    const atomic = ATOMIC_TAGS.has(node.tag) || (display !== undefined && display.startsWith('inline-'));
    inner[node.id] = p >= 0 && isInlineLevel(display) && !atomic ? ctx : node.id;
    if (p < 0) continue;
    if (node.tag === 'br') brAfter[ctx] = 1;
    else if (atomic) item(ctx, node.rect);
  }
  return texts;
}

/**
 * The TextDocument boilerpipe builds for a page: its text blocks as the content handler cuts
 * them from the snapshot's body (every text node the snapshot holds, visible or not: boilerpipe
 * reads markup, not style), and the document title.
 */
export function extractTextDocument(snapshot: PageSnapshot): TextDocument {
  const h = new ContentHandler();
  const nodes = snapshot.nodes;
  const texts = readTexts(snapshot);
  // Iterative pre-order walk with explicit end events (any DOM depth).
  const stack: Array<{ id: number; end: boolean }> = [{ id: snapshot.root, end: false }];
  while (stack.length) {
    const { id, end } = stack.pop()!;
    const node = nodes[id];
    if (!node) continue;
    if (node.kind === 'text') {
      h.characters(at(texts, id), id);
      continue;
    }
    if (end) {
      h.endElement(node.tag);
      continue;
    }
    h.startElement(node.tag);
    stack.push({ id, end: true });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ id: at(node.children, i), end: false });
  }
  // toTextDocument flushes what is left (endDocument).
  h.flushBlock();
  return { title: javaTrim(snapshot.title ?? ''), textBlocks: h.textBlocks };
}
