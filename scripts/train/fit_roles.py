#!/usr/bin/env python3
"""Fit viseg's role model from the table scripts/fit-roles.mjs writes.

The tree settings (GRID) are chosen by cross-validation too: for each held-out fold, on the other
folds alone (nested), so the held-out figures are honest; for the shipped model, on all folds.
The model is one ensemble per weighting of the characters (WEIGHTINGS), their margins averaged.

usage: fit_roles.py <work dir> [--folds K] [--jobs N]

The folds are the table's, or, when <work dir>/roles.deals.json lists several deals of the pages
into folds (scripts/fit-roles.mjs writes it), each deal's in turn: the held-out figures are then
their mean.

<work dir>/roles.bin (float32 features, row-major), roles.rows.tsv (page, fold, block, then the
characters of each class that the fine block holds) and roles.meta.json (feature names, classes).
Every block with typed characters becomes one training row per class it holds characters of, weighing those characters: the softmax then estimates the
share of a block's characters of each type, and its argmax the role that agrees with the most
characters, which is what the role accuracy counts.

Writes <work dir>/deal-<d>/fold-<k>/roles.json (fitted on every page but fold k's of deal d), <work dir>/roles.json
(all pages) and <work dir>/roles.cv.json (the held-out share of the model's blocks' characters
whose class agrees, before viseg's overlay rule, the mean over the deals and each deal's; scripts/fit-roles.mjs measures the roles of
both levels as the role accuracy counts them).

Needs Debian's python3-xgboost and python3-numpy (run with /usr/bin/python3)."""
import argparse
import hashlib
import json
import multiprocessing
import os
import sys

import numpy as np
import xgboost as xgb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import export_booster  # noqa: E402

#: each tree sees half the features (colsample_bytree): with ~130 features and 81 pages, trees
#: that may all pick any feature lean on whichever one happens to split the training pages'
#: blocks best, and the held-out pages pay for it; more, smaller trees (GRID) make up.
COMMON = dict(subsample=0.8, colsample_bytree=0.5, reg_lambda=1.0, tree_method="hist", max_bin=128, random_state=7, n_jobs=1)
#: the candidate settings (tree size and regularisation); with ~1,000 blocks from 81 pages the
#: trees must stay small and their leaves heavy (min_child_weight bounds a leaf's summed hessian,
#: rows weighed by characters under the "chars" weighting). Chosen by cross-validation inside the
#: training pages (nested).
GRID = [
    dict(max_depth=2, n_estimators=150, learning_rate=0.1, min_child_weight=300.0),
    dict(max_depth=3, n_estimators=80, learning_rate=0.1, min_child_weight=300.0),
    dict(max_depth=3, n_estimators=160, learning_rate=0.05, min_child_weight=300.0),
]
#: how a class's characters weigh a training row, one ensemble each: as they are (the pooled
#: accuracy counts every character alike), their square root (a long article weighs less against
#: a menu), or as a share of their page's characters (every page alike, as the mean per page counts).
WEIGHTINGS = ["chars", "sqrt", "page"]


def load(work):
    meta = json.load(open(os.path.join(work, "roles.meta.json")))
    names, classes = meta["names"], meta["classes"]
    X = np.fromfile(os.path.join(work, "roles.bin"), dtype=np.float32).reshape(-1, len(names))
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(work, "roles.rows.tsv"))][1:]
    if len(rows) != X.shape[0]:
        raise SystemExit(f"{work}: {X.shape[0]} feature rows but {len(rows)} label rows")
    k = len(classes)
    page = np.array([r[0] for r in rows])
    fold = np.array([int(r[1]) for r in rows])
    chars = np.array([[float(v) for v in r[3:3 + k]] for r in rows]).reshape(-1, k)
    return meta, X, page, fold, chars


def expand(X, chars, page, weighting):
    """One row per (block, class with characters), weighing those characters (see WEIGHTINGS)."""
    idx, lab = np.nonzero(chars > 0)
    w = chars[idx, lab]
    if weighting == "sqrt":
        w = np.sqrt(w)
    elif weighting == "page":
        pg = page[idx]
        total = {p: w[pg == p].sum() for p in set(pg)}
        w = 1000.0 * w / np.array([total[p] for p in pg])
    return X[idx], lab, w


def fit_one(X, chars, page, k, params, weighting):
    Xe, y, w = expand(X, chars, page, weighting)
    m = xgb.XGBClassifier(objective="multi:softprob", num_class=k, **COMMON, **params)
    m.fit(Xe, y, sample_weight=w)
    return m


def fit(X, chars, page, k, params):
    """One ensemble per weighting (WEIGHTINGS), their margins averaged: each weighting answers a
    different question (every character alike, long texts damped, every page alike) and none
    wins across folds; the average hedges between them, and depends less on which pages it was
    fitted on than any one of them."""
    return [fit_one(X, chars, page, k, params, w) for w in WEIGHTINGS]


SETTINGS = GRID

#: the margin of a class a model was not fitted on (an inner fold without comments, say)
ABSENT = -30.0


def predict(models, X, k):
    """The mean margin of each class over the weightings' models, one column per class of the
    table: a model fitted on pages without some class has fewer outputs, and its columns are put
    back in their places (the absent ones very low), so that an argmax names the right class."""
    out = np.zeros((len(X), k))
    for m in models:
        mm = np.full((len(X), k), ABSENT)
        mm[:, np.asarray(m.classes_, dtype=int)] = m.predict(X, output_margin=True)
        out += mm
    return out / len(models)


def complete(models, k, what):
    """A model that is exported must give every class (the exported model names them in order)."""
    for m in models:
        if len(m.classes_) != k:
            raise SystemExit(f"{what}: the training pages hold characters of only {len(m.classes_)} of the {k} classes")
    return models


#: a tree that adds nothing: the place of a class a model was not fitted on, in each round
EMPTY_TREE = {"feature": [-1], "threshold": [0.0], "left": [-1], "right": [-1], "value": [0.0]}


def export_full(m, names, prov, classes):
    """One weighting's ensemble with a tree per class of `classes` in every round (tree t belongs
    to class t mod k, as viseg reads it): a class the model was fitted without (a fold whose
    training pages hold no comments, say) gets empty trees and the ABSENT base margin, as
    predict() treats it."""
    present = [int(c) for c in m.classes_]
    part = export_booster(m.get_booster(), names, "roles", prov, [classes[c] for c in present])
    if len(present) == len(classes):
        return part
    local = {c: i for i, c in enumerate(present)}
    rounds = len(part["trees"]) // len(present)
    part["base"] = [part["base"][local[c]] if c in local else ABSENT for c in range(len(classes))]
    part["trees"] = [part["trees"][r * len(present) + local[c]] if c in local else EMPTY_TREE
                     for r in range(rounds) for c in range(len(classes))]
    part["classes"] = list(classes)
    return part


def export(models, names, prov, classes):
    """The weightings' ensembles as one: every tree of each, its values divided by their number
    (trees keep their order within each ensemble, so tree t still belongs to class t mod k), and
    the mean of their base margins; its margins are the mean margins predict() gives."""
    parts = [export_full(m, names, prov, classes) for m in models]
    n = len(parts)
    out = parts[0]
    out["base"] = [sum(p["base"][c] for p in parts) / n for c in range(len(classes))]
    out["trees"] = [{**t, "value": [round(v / n, 7) for v in t["value"]]} for p in parts for t in p["trees"]]
    return out


def choose(X, chars, page, fold, k, sel):
    """The setting with the best pooled accuracy, cross-validated over the folds in `sel`."""
    best = None
    folds = sorted(set(fold[sel]))
    for s in SETTINGS:
        pred = np.zeros(len(page), dtype=int)
        for f in folds:
            tr, te = sel & (fold != f), sel & (fold == f)
            pred[te] = np.argmax(predict(fit(X[tr], chars[tr], page[tr], k, s), X[te], k), axis=1)
        score = accuracy(pred[sel], chars[sel], page[sel])["pooled"]
        if best is None or score > best[0] + 1e-9:
            best = (score, s)
    return best[1]


def accuracy(pred, chars, page):
    """Share of the blocks' typed characters whose class agrees: pooled, and the mean per page."""
    agree = chars[np.arange(len(pred)), pred]
    total = chars.sum(axis=1)
    per = [agree[page == p].sum() / total[page == p].sum() for p in sorted(set(page)) if total[page == p].sum() > 0]
    return {"pooled": round(float(agree.sum() / total.sum()), 4), "macro": round(float(np.mean(per)), 4)}


def held_out(task):
    """One fold of one deal (DATA's): the setting chosen on its training pages, the model fitted on
    them and written out, and the classes it gives the fold's blocks."""
    d, f = task
    work, folds, meta, X, page, chars, deals = DATA
    classes = meta["classes"]
    k = len(classes)
    dfold = deals[d]
    tr, te = dfold != f, dfold == f
    setting = choose(X, chars, page, dfold, k, tr)
    m = fit(X[tr], chars[tr], page[tr], k, setting)
    prov = {"deal": d, "fold": f, "folds": folds, "trainPages": int(len(set(page[tr]))), "params": setting, "weightings": WEIGHTINGS}
    os.makedirs(os.path.join(work, f"deal-{d}", f"fold-{f}"), exist_ok=True)
    with open(os.path.join(work, f"deal-{d}", f"fold-{f}", "roles.json"), "w") as out:
        json.dump(export(m, meta["names"], prov, classes), out)
    print(f"roles: deal {d}, fold {f} done: {setting}", file=sys.stderr, flush=True)
    return setting, np.argmax(predict(m, X[te], k), axis=1)


#: what the worker processes read (set before they fork, so that the table is not copied to each)
DATA = None


def main():
    global DATA
    ap = argparse.ArgumentParser()
    ap.add_argument("work")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1, help="folds fitted at once, each in its own process (the result is the same)")
    a = ap.parse_args()
    meta, X, page, fold, chars = load(a.work)
    classes = meta["classes"]
    k = len(classes)
    deals_file = os.path.join(a.work, "roles.deals.json")
    deals = [np.array([d[p] for p in page]) for d in json.load(open(deals_file))] if os.path.exists(deals_file) else [fold]
    DATA = (a.work, a.folds, meta, X, page, chars, deals)
    tasks = [(d, f) for d in range(len(deals)) for f in range(a.folds)]
    if a.jobs > 1:
        # forked before this process fits anything: a child forked after XGBoost has started its
        # thread pool can hang on it
        with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
            results = dict(zip(tasks, pool.map(held_out, tasks, chunksize=1)))
    else:
        results = {t: held_out(t) for t in tasks}
    chosen = [results[(0, f)][0] for f in range(a.folds)]
    per_deal = []
    for d, dfold in enumerate(deals):
        oof = np.zeros(len(page), dtype=int)
        for f in range(a.folds):
            oof[dfold == f] = results[(d, f)][1]
        per_deal.append(accuracy(oof, chars, page))
    cv = {key: round(float(np.mean([x[key] for x in per_deal])), 4) for key in ("pooled", "macro")}
    setting = choose(X, chars, page, fold, k, np.ones(len(page), dtype=bool))
    m = complete(fit(X, chars, page, k, setting), k, "all pages")
    insample = accuracy(np.argmax(predict(m, X, k), axis=1), chars, page)
    h = hashlib.sha256()
    for name in ("roles.bin", "roles.rows.tsv"):
        with open(os.path.join(a.work, name), "rb") as f:
            h.update(f.read())
    gain = {}
    for one in m:
        for key, v in one.get_booster().get_score(importance_type="gain").items():
            gain[key] = gain.get(key, 0.0) + v / len(m)
    best = sorted(((v, meta["names"][int(key[1:])]) for key, v in gain.items()), reverse=True)[:15]
    prov = {
        "data": {"dataset": meta["dataset"], "hash": h.hexdigest()[:16], "pages": int(len(set(page))), "blocks": int(len(page))},
        "label": "the people's block types (seg-random), one class per type, weighed by characters",
        "params": {**COMMON, **setting},
        "weightings": WEIGHTINGS,
        "combined": "the mean margin of one ensemble per weighting",
        "crossValidation": {"folds": a.folds, "deals": len(deals), "groupedBy": "page", "nested": "settings chosen inside each fold's training pages",
                            "classAccuracy": cv, "classAccuracyPerDeal": per_deal, "settingsPerFold": chosen},
        "topFeaturesByGain": [[n, round(v, 3)] for v, n in best],
    }
    with open(os.path.join(a.work, "roles.json"), "w") as out:
        json.dump(export(m, meta["names"], prov, classes), out)
    with open(os.path.join(a.work, "roles.cv.json"), "w") as out:
        json.dump({"heldOut": cv, "heldOutPerDeal": per_deal, "inSample": insample, "setting": {"params": setting, "weightings": WEIGHTINGS},
                   "settingsPerFold": chosen}, out)
    print(f"roles: held out {cv}, in sample {insample}", file=sys.stderr)


if __name__ == "__main__":
    main()
