/** The fixture cases of fixtures/sites (one folder each, see its README), for tests without a browser. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_FILES } from '../../../src/check/fixture-case.js';
import { decodeSnapshot } from '../../../src/snapshot/file.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Relative to ROOT: the name the recorded snapshots' `url` starts with. */
export const SITES_REL = 'fixtures/sites';
export const SITES_DIR = path.join(ROOT, SITES_REL);

/** Folders of fixtures/sites that hold a page, sorted. */
export function caseNames(): string[] {
  return readdirSync(SITES_DIR)
    .filter((n) => !n.startsWith('.') && statSync(path.join(SITES_DIR, n)).isDirectory() && existsSync(path.join(SITES_DIR, n, CASE_FILES.page)))
    .sort();
}

export function casePath(site: string, file: keyof typeof CASE_FILES): string {
  return path.join(SITES_DIR, site, CASE_FILES[file]);
}

/** A case's recorded snapshot, read through the snapshot schema. */
export function caseSnapshot(site: string): PageSnapshot {
  return decodeSnapshot(readFileSync(casePath(site, 'snapshot')));
}
