#!/usr/bin/env node
// Render every HTML page of a directory once and write its PageSnapshot as <id>.json.gz.
// usage: node scripts/record-snapshots.mjs <pages dir> <out dir> [concurrency] [timeout ms] [--clock <time>]
// --clock starts every page's clock at that instant (the CLI's --clock), so pages that print the
// date or count down render the same on every recording.
// Pages whose snapshot is already in <out dir> are skipped, so an interrupted run can go on.
// <out dir>/BROWSER.txt gets a line naming the browser ("Chromium 156.0.8078.129") of each run
// that writes snapshots, from its first one on, so an interrupted run is named too: another
// Chromium build renders some pages a few pixels differently, and figures measured on the
// snapshots say which one they come from (scripts/accuracy-doc.mjs prints it).
// (run `npm run build` first; the pure stages can then be tuned and ablated without a browser)
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveInputs } from '../dist/browser/index.js';
import { resolveExtractOptions } from '../dist/options.js';
import { runBatch } from '../dist/pipeline/batch.js';
import { encodeSnapshot } from '../dist/snapshot/file.js';
import { Session } from '../dist/pipeline/session.js';

const { values: flags, positionals } = parseArgs({ options: { clock: { type: 'string' } }, allowPositionals: true });
const [dir, outDir, conc = '4', timeout = '30000'] = positionals;
if (!dir || !outDir) {
  console.error('usage: node scripts/record-snapshots.mjs <pages dir> <out dir> [concurrency] [timeout ms] [--clock <time>]');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const session = await Session.open({});
try {
  const idOf = (p) => path.basename(p).replace(/\.(x?html?)(\.gz)?$/i, '');
  const inputs = (await resolveInputs([dir], { server: session.server }))
    .filter((x) => !existsSync(path.join(outDir, `${idOf(x.path ?? x.input)}.json.gz`)));
  const opts = resolveExtractOptions({ keepArtifacts: true, concurrency: Number(conc), timeout: Number(timeout), ...(flags.clock ? { clock: flags.clock } : {}) });
  let n = 0;
  // "Chromium 156.0.8078.129 (/usr/bin/chromium, system)": the version, not this machine's path
  const browser = session.description.replace(/\s*\(.*$/, '');
  await runBatch(session, inputs, opts, {
    concurrency: opts.concurrency,
    emit: (r, i) => {
      const id = idOf(inputs[i].path ?? inputs[i].input);
      if (r.snapshot) {
        writeFileSync(path.join(outDir, `${id}.json.gz`), encodeSnapshot(r.snapshot, { gzip: true }));
        if (n++ === 0) appendFileSync(path.join(outDir, 'BROWSER.txt'), `${browser}\n`);
      } else console.error(`${id}: ${r.record.error?.code} ${r.record.error?.message}`);
    },
  });
  console.error(`wrote ${n} snapshots to ${outDir}`);
} finally {
  await session.close();
}
