/**
 * The fitted models classification runs on, from models/ (see scripts/train and
 * docs/accuracy.md): a first pass over each text block's own features, an optional second pass
 * that also sees how the blocks around it scored, and the page-type model.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { compileModel, type ModelFile, type TreeModel } from './model.js';
import { PAGE_TYPES, type PageType } from './types.js';

export interface ClassifierModels {
  first: TreeModel;
  /** Absent when the models were trained with one pass: the first pass's scores are final. */
  second?: TreeModel;
  pageType: TreeModel;
  /**
   * The role model (scripts/fit-roles.mjs). A folder without one (a cross-validation fold of the
   * content models) uses the bundled one.
   */
  roles?: TreeModel;
  /**
   * The calibration power of the expected-F1 selection per page type
   * (scripts/train/selection.mjs), blended by a page's type probabilities (index.ts,
   * blendedPower); params.ts's SELECTION_POWER for a type without one.
   */
  selection?: Partial<Record<PageType, number>>;
}

const SelectionFile = z.object({
  format: z.literal('viseg-selection-1'),
  byPageType: z.partialRecord(z.enum(PAGE_TYPES), z.number().positive().max(100)),
});

export const MODEL_FILES = { first: 'content-first.json', second: 'content-second.json', pageType: 'page-type.json', selection: 'selection.json', roles: 'roles.json' } as const;

/** Loads the models from a folder (models/ of the package, or a cross-validation fold's). */
export function loadModels(dir: string | URL): ClassifierModels {
  const base = typeof dir === 'string' ? pathToFileURL(`${path.resolve(dir)}${path.sep}`) : dir;
  const read = (name: string): TreeModel => {
    const url = new URL(name, base);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(url, 'utf8'));
    } catch (e) {
      throw new Error(`cannot read the model ${url.pathname}: ${(e as Error).message}`);
    }
    return compileModel(raw as ModelFile);
  };
  const second = existsSync(new URL(MODEL_FILES.second, base)) ? read(MODEL_FILES.second) : undefined;
  let selection: ClassifierModels['selection'];
  const sUrl = new URL(MODEL_FILES.selection, base);
  if (existsSync(sUrl)) {
    const parsed = SelectionFile.safeParse(JSON.parse(readFileSync(sUrl, 'utf8')));
    if (!parsed.success) throw new Error(`cannot read the selection parameters ${sUrl.pathname}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    selection = parsed.data.byPageType;
  }
  const roles = existsSync(new URL(MODEL_FILES.roles, base)) ? read(MODEL_FILES.roles) : undefined;
  return {
    first: read(MODEL_FILES.first), pageType: read(MODEL_FILES.pageType),
    ...(second ? { second } : {}), ...(selection ? { selection } : {}), ...(roles ? { roles } : {}),
  };
}

let bundled: ClassifierModels | null = null;

/** The models shipped in the package's models/ folder, loaded once (the role model among them). */
export function bundledModels(): ClassifierModels & { roles: TreeModel } {
  if (!bundled) {
    const m = loadModels(new URL('../../models/', import.meta.url));
    if (!m.roles) throw new Error(`the package's models/ folder has no ${MODEL_FILES.roles}`);
    bundled = m;
  }
  return bundled as ClassifierModels & { roles: TreeModel };
}
