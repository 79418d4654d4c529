/** Record files: streamed reading, the torn tail, whole-line writes on a failing disk. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cutTornTail, jsonLine, openLineWriter, OutputWriteError, parseRecordLine, readRecords, type SkippedLine } from '../../../src/record/jsonl.js';
import { emptyRecord } from '../../../src/pipeline/record.js';
import { at } from '../../../src/util/at.js';

const dir = mkdtempSync(path.join(tmpdir(), 'viseg-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rec = (input: string, ok = true) => ({ ...emptyRecord(input), ok, ...(ok ? {} : { error: { code: 'INPUT_NOT_FOUND' as const, message: 'gone' } }) });

describe('jsonLine', () => {
  it('escapes C0 and C1 controls and the JS line separators, and parses back to the same value', () => {
    const value = { t: 'a\u001b]0;x\u0007b\u009b2Jc\u2028d\u007f' };
    const line = jsonLine(value);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('parseRecordLine', () => {
  it('gives the record of a good line', () => {
    const r = rec('a.html', false);
    expect(parseRecordLine(jsonLine(r))).toEqual({ ok: true, record: r });
  });

  it('gives a decision record written before the fine role its top-level role in both views', () => {
    const block = { id: '1-1', rect: { x: 0, y: 0, w: 10, h: 10 }, role: 'navigation', score: 0.1 };
    const decision = { pageType: 'article', main: null, reason: 'r', blocks: [block, { ...block, id: '1-2', role: 'main', fineRole: 'content' }] };
    const r = parseRecordLine(jsonLine({ ...rec('a.html'), decision }));
    expect(r.ok && r.record.decision?.blocks.map((b) => [b.role, b.fineRole])).toEqual([['navigation', 'navigation'], ['main', 'content']]);
  });

  it('says a line that is not JSON is not JSON', () => {
    const r = parseRecordLine('{"input": "torn');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^not JSON \(/);
  });

  it('names the first field of a line of the wrong shape', () => {
    const wrongType = parseRecordLine(jsonLine({ ...rec('a.html'), ok: 'yes' }));
    expect(!wrongType.ok && wrongType.error).toMatch(/^not a viseg record \(ok: /);
    const badCode = parseRecordLine(jsonLine({ ...rec('a.html', false), error: { code: 'NO_SUCH_CODE', message: 'x' } }));
    expect(!badCode.ok && badCode.error).toMatch(/^not a viseg record \(error\.code: /);
    expect(parseRecordLine('[1, 2]').ok).toBe(false);
  });
});

describe('readRecords', () => {
  it('streams the records and reports every line that is not one', async () => {
    const file = path.join(dir, 'mixed.jsonl');
    const lines = [jsonLine(rec('a.html')), 'not json', '', jsonLine({ input: 'x', ok: 'yes' }), jsonLine(rec('b.html', false)), '{"input": "torn'];
    writeFileSync(file, lines.join('\n'));
    const skipped: SkippedLine[] = [];
    const got: string[] = [];
    for await (const { record, line } of readRecords(file, (s) => skipped.push(s))) got.push(`${line}:${record.input}:${record.ok}`);
    expect(got).toEqual(['1:a.html:true', '5:b.html:false']);
    expect(skipped.map((s) => s.line)).toEqual([2, 4, 6]);
    expect(at(skipped, 1).error).toMatch(/not a viseg record \(ok:/);
  });
});

describe('cutTornTail', () => {
  it('cuts a last line without its newline, reading only the end of the file', async () => {
    const file = path.join(dir, 'torn.jsonl');
    const whole = jsonLine(rec('a.html')) + '\n' + jsonLine(rec('b.html')) + '\n';
    writeFileSync(file, whole + '{"input": "c.ht');
    expect(await cutTornTail(file)).toBe(15);
    expect(readFileSync(file, 'utf8')).toBe(whole);
    expect(await cutTornTail(file)).toBe(0);
    expect(await cutTornTail(path.join(dir, 'none.jsonl'))).toBe(0);
  });

  it('empties a file that is one torn line longer than its read chunk', async () => {
    const file = path.join(dir, 'long-torn.jsonl');
    writeFileSync(file, 'x'.repeat(200_000));
    expect(await cutTornTail(file)).toBe(200_000);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('openLineWriter', () => {
  it('undoes a line the disk took only part of, and says so', () => {
    const file = path.join(dir, 'full.jsonl');
    writeFileSync(file, 'first\n');
    let calls = 0;
    // the disk takes 3 bytes of the second line, then is full: what a full disk does
    const w = openLineWriter(file, true, {
      writeSync: (fd, buf, off, len) => {
        calls++;
        if (calls === 1) return writeSync(fd, buf, off, len);
        if (calls === 2) return writeSync(fd, buf, off, Math.min(3, len));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
      ftruncateSync,
    });
    w.write('second\n');
    expect(() => w.write('third line\n')).toThrow(OutputWriteError);
    expect(() => w.write('third line\n')).toThrow(/no space left on device.*; the file ends with the last whole record/);
    w.close();
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond\n');
  });
});
