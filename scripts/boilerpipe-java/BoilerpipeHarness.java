/*
 * Runs the original boilerpipe 1.2 ArticleExtractor (Debian's libboilerpipe-java) on HTML pages and
 * writes what it extracts, so that viseg's port (src/strategies/boilerpipe/) can be compared with
 * it. Not part of CI (CI has no Java): scripts/boilerpipe-java.sh compiles and runs it.
 *
 * usage: java BoilerpipeHarness [--blocks FILE.jsonl] OUT.json PAGE_OR_DIR...
 *   PAGE: <id>.html, <id>.htm or <id>.html.gz; a directory stands for the pages in it.
 *   OUT.json: id -> {"articleBody": text, "title": document title}, the layout the scorers read.
 *   --blocks: also one JSON line per page with the text blocks as boilerpipe's SAX handler cut them
 *   (before any filter) and, per block, whether it ended up in the output.
 *
 * Bytes are decoded the way viseg's page server has Chromium decode them: valid UTF-8 as UTF-8;
 * anything else goes to NekoHTML as bytes, which reads the page's <meta charset> (default
 * windows-1252), as a browser does without a charset header.
 */
import de.l3s.boilerpipe.document.TextBlock;
import de.l3s.boilerpipe.document.TextDocument;
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.sax.BoilerpipeSAXInput;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.StringReader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.xml.sax.InputSource;

public final class BoilerpipeHarness {
  public static void main(String[] args) throws Exception {
    String blocksPath = null;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--blocks") && i + 1 < args.length) blocksPath = args[++i];
      else rest.add(args[i]);
    }
    if (rest.size() < 2) {
      System.err.println("usage: BoilerpipeHarness [--blocks FILE.jsonl] OUT.json PAGE_OR_DIR...");
      System.exit(2);
    }
    List<File> pages = new ArrayList<>();
    for (String p : rest.subList(1, rest.size())) {
      File f = new File(p);
      if (f.isDirectory()) {
        File[] list = f.listFiles((d, n) -> n.matches(".*\\.(html?|html?\\.gz)$"));
        if (list == null) continue;
        Arrays.sort(list);
        pages.addAll(Arrays.asList(list));
      } else {
        pages.add(f);
      }
    }
    int failed = 0;
    try (Writer out = new OutputStreamWriter(Files.newOutputStream(new File(rest.get(0)).toPath()), StandardCharsets.UTF_8);
         Writer blocks = blocksPath == null ? null : new OutputStreamWriter(Files.newOutputStream(new File(blocksPath).toPath()), StandardCharsets.UTF_8)) {
      out.write("{");
      boolean first = true;
      for (File page : pages) {
        String id = page.getName().replaceAll("\\.(html?)(\\.gz)?$", "");
        try {
          TextDocument doc = new BoilerpipeSAXInput(inputFor(read(page))).getTextDocument();
          // Remember the blocks as the handler cut them: the filters merge and drop them in place.
          List<TextBlock> before = new ArrayList<>(doc.getTextBlocks());
          List<String> beforeText = new ArrayList<>();
          List<int[]> beforeCounts = new ArrayList<>();
          List<BitSet> beforeElements = new ArrayList<>();
          for (TextBlock tb : before) {
            beforeText.add(tb.getText());
            beforeCounts.add(new int[] {tb.getNumWords(), tb.getNumWordsInAnchorText()});
            beforeElements.add((BitSet) tb.getContainedTextElements().clone());
          }
          // What ArticleExtractor.getText(...) does: process, then the content blocks' text.
          ArticleExtractor.INSTANCE.process(doc);
          String text = doc.getContent();
          if (!first) out.write(",");
          first = false;
          out.write("\n" + json(id) + ":{\"articleBody\":" + json(text) + ",\"title\":" + json(doc.getTitle() == null ? "" : doc.getTitle()) + "}");
          if (blocks != null) {
            // A handler block is in the output when its text elements (each block has its own)
            // are part of a surviving content block, which is the union of the blocks merged into it.
            BitSet kept = new BitSet();
            for (TextBlock tb : doc.getTextBlocks()) if (tb.isContent()) kept.or(tb.getContainedTextElements());
            StringBuilder sb = new StringBuilder();
            sb.append("{\"id\":").append(json(id)).append(",\"title\":").append(json(doc.getTitle() == null ? "" : doc.getTitle())).append(",\"blocks\":[");
            for (int i = 0; i < before.size(); i++) {
              int[] c = beforeCounts.get(i);
              if (i > 0) sb.append(',');
              sb.append("{\"text\":").append(json(beforeText.get(i))).append(",\"words\":").append(c[0]).append(",\"linked\":").append(c[1])
                  .append(",\"content\":").append(beforeElements.get(i).intersects(kept)).append('}');
            }
            sb.append("]}\n");
            blocks.write(sb.toString());
          }
        } catch (Exception e) {
          failed++;
          System.err.println(id + ": " + e);
        }
      }
      out.write("\n}\n");
    }
    System.err.println("boilerpipe ArticleExtractor: " + (pages.size() - failed) + " pages, " + failed + " failed");
    if (failed > 0) System.exit(1);
  }

  static byte[] read(File f) throws IOException {
    try (InputStream raw = new FileInputStream(f);
         InputStream in = f.getName().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      in.transferTo(buf);
      return buf.toByteArray();
    }
  }

  static InputSource inputFor(byte[] bytes) {
    try {
      String s = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
      return new InputSource(new StringReader(s));
    } catch (CharacterCodingException e) {
      return new InputSource(new ByteArrayInputStream(bytes));
    }
  }

  static String json(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff && !validSurrogate(s, i))) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  /** A lone surrogate is escaped so that the file stays valid UTF-8. */
  static boolean validSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }
}
