#!/usr/bin/env python3
"""Fit viseg's models from the tables scripts/train/dump.mjs writes (run by scripts/train/run.mjs).

usage:
  fit.py blocks   <table prefix> <out dir> [--folds K] [--name NAME] [--seed N] [--bag B]
      gradient-boosted trees over the text blocks' features; label: at least half of a block's
      words are in the gold main content. B fits (seeds N to N+B-1) are made and their margins
      averaged into one model. Writes <out>/NAME.json (all pages), <out>/fold-<k>/NAME.json
      (every page but fold k's) and <out>/NAME.oof.tsv (each block's score from the model that
      did not see its page: page, block, score).
  fit.py pagetype <table prefix> <out dir> [--folds K] [--seed N]
      the page-type model over the pages' features; writes page-type.json, fold models and
      page-type.oof.tsv (page, true type, predicted type, probabilities).

Folds are grouped by domain (scikit-learn's GroupKFold), so no site is in both a model's training
pages and the pages it is scored on. Each block weighs its words over its page's words (plus a
floor), so that every page counts about the same, as in the benchmark's per-page average.

--seed sets the trees' random state (row and column sampling); the shipped models use the
default. scripts/train/seeds.mjs refits with other seeds to show how far the figures move.

--bag: the trees sample rows and columns, so one fit's block scores carry the luck of its seed, and
a page type of a hundred pages moves by up to 0.02 F1 from seed to seed. The content models (both
passes, with --passes 2) average the margins of BLOCK_BAG fits with consecutive seeds, which scores
blocks a little better than one fit, for BLOCK_BAG times the trees at inference.

Needs Debian's python3-xgboost, python3-sklearn and python3-numpy (run with /usr/bin/python3)."""
import argparse
import hashlib
import json
import os
import sys

import numpy as np
import xgboost as xgb
from sklearn.model_selection import GroupKFold

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export import average_exports, export_booster  # noqa: E402

BLOCK_PARAMS = dict(n_estimators=200, max_depth=6, learning_rate=0.12, subsample=0.8, colsample_bytree=0.6,
                    min_child_weight=1e-3, reg_lambda=1.0, tree_method="hist", max_bin=128, random_state=7, n_jobs=2)
PAGE_PARAMS = dict(n_estimators=200, max_depth=4, learning_rate=0.1, subsample=0.8, colsample_bytree=0.6,
                   tree_method="hist", random_state=7, n_jobs=2)
#: content models fitted with consecutive seeds and averaged (--bag)
BLOCK_BAG = 3
PAGE_TYPES = ["article", "collection", "documentation", "forum", "listing", "product", "service"]
#: a block whose words are at least this share gold is main content
LABEL_COVERAGE = 0.5
#: every block weighs at least this many words (short headings and labels still count)
WEIGHT_FLOOR_WORDS = 0.5


def load(prefix):
    meta = json.load(open(prefix + ".json"))
    n = len(meta["names"])
    X = np.fromfile(prefix + ".bin", dtype=np.float32).reshape(-1, n)
    rows = [line.rstrip("\n").split("\t") for line in open(prefix + ".rows.tsv")][1:]
    page = np.array([r[0] for r in rows])
    block = np.array([int(r[1]) for r in rows])
    words = np.array([float(r[2]) for r in rows])
    coverage = np.array([float(r[3]) for r in rows])
    if len(rows) != X.shape[0]:
        raise SystemExit(f"{prefix}: {X.shape[0]} feature rows but {len(rows)} label rows")
    return meta, X, page, block, words, coverage


def data_hash(prefix):
    h = hashlib.sha256()
    for ext in (".bin", ".rows.tsv"):
        with open(prefix + ext, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()[:16]


def folds_of(meta, k):
    pages = meta["pages"]
    domains = [p["domain"] for p in pages]
    out = {}
    for i, (_, test) in enumerate(GroupKFold(n_splits=k).split(np.zeros(len(pages)), groups=domains)):
        for j in test:
            out[pages[j]["id"]] = i
    return out


def block_weights(page, words):
    total = {}
    for p, w in zip(page, words):
        total[p] = total.get(p, 0.0) + w
    return np.array([(w + WEIGHT_FLOOR_WORDS) / (total[p] + WEIGHT_FLOOR_WORDS) for p, w in zip(page, words)])


def weighted_auc(y, s, w):
    order = np.argsort(s, kind="mergesort")
    y, w = y[order], w[order]
    pos = np.cumsum(w * (y == 0))
    return float(np.sum(w * (y == 1) * pos) / max(1e-12, np.sum(w * (y == 1)) * np.sum(w * (y == 0))))


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(obj, f, separators=(",", ":"))


def fit_blocks(args):
    params = dict(BLOCK_PARAMS, random_state=args.seed)
    meta, X, page, block, words, coverage = load(args.prefix)
    y = (coverage >= LABEL_COVERAGE).astype(int)
    w = block_weights(page, words)
    fold = folds_of(meta, args.folds)
    f = np.array([fold[p] for p in page])
    with open(os.path.join(args.out, "folds.tsv"), "w") as out:
        for pid in sorted(fold):
            out.write(f"{pid}\t{fold[pid]}\n")
    seeds = [args.seed + i for i in range(args.bag)]

    def bagged(rows, provenance):
        """The fits of every seed on these rows -> (the averaged export, the fitted models)."""
        models = []
        Xr, yr, wr = X[rows], y[rows], w[rows]  # one copy for every fit: X is hundreds of MB
        for seed in seeds:
            m = xgb.XGBClassifier(**dict(params, random_state=seed))
            m.fit(Xr, yr, sample_weight=wr)
            models.append(m)
        exported = average_exports([export_booster(m.get_booster(), meta["names"], args.name, provenance) for m in models])
        return exported, models

    def margin(models, rows):
        return np.mean([m.predict(X[rows], output_margin=True) for m in models], axis=0)

    oof = np.zeros(len(y))
    for k in range(args.folds):
        tr, te = f != k, f == k
        prov = {"fold": k, "folds": args.folds, "trainPages": int(len(set(page[tr]))), "seeds": seeds}
        exported, models = bagged(tr, prov)
        oof[te] = 1 / (1 + np.exp(-margin(models, te)))
        write_json(os.path.join(args.out, f"fold-{k}", args.name + ".json"), exported)
        print(f"{args.name}: fold {k} done", file=sys.stderr, flush=True)
    auc = weighted_auc(y, oof, w)
    acc = float(np.sum(w * ((oof >= 0.5) == (y == 1))) / np.sum(w))
    everything = np.ones(len(y), dtype=bool)
    exported, models = bagged(everything, {})
    gain = {}
    for m in models:
        for name, v in m.get_booster().get_score(importance_type="gain").items():
            gain[name] = gain.get(name, 0.0) + v / len(models)
    top = sorted(((v, meta["names"][int(k[1:])]) for k, v in gain.items()), reverse=True)[:25]
    prov = {
        "data": {"hash": data_hash(args.prefix), "pages": len(meta["pages"]), "blocks": int(len(y)), "positiveShare": round(float(y.mean()), 4)},
        "label": f"at least {LABEL_COVERAGE} of the block's words in the gold text (word trigrams)",
        "params": params,
        "seeds": seeds,
        "crossValidation": {"folds": args.folds, "groupedBy": "domain", "weightedAuc": round(auc, 4), "weightedAccuracy": round(acc, 4)},
        "topFeaturesByGain": [[n, round(v, 3)] for v, n in top],
    }
    write_json(os.path.join(args.out, args.name + ".json"), {**exported, "provenance": prov})
    with open(os.path.join(args.out, args.name + ".oof.tsv"), "w") as out:
        for p, b, s in zip(page, block, oof):
            out.write(f"{p}\t{b}\t{s:.6f}\n")
    print(f"{args.name}: weighted AUC {auc:.4f}, accuracy {acc:.4f} (cross-validated by domain)", file=sys.stderr)


def fit_pagetype(args):
    params = dict(PAGE_PARAMS, random_state=args.seed)
    meta = json.load(open(args.prefix + ".json"))
    names = meta["pageNames"]
    X = np.fromfile(args.prefix + ".pages.bin", dtype=np.float32).reshape(-1, len(names))
    pages = meta["pages"]
    y = np.array([PAGE_TYPES.index(p["pageType"]) for p in pages])
    fold = folds_of(meta, args.folds)
    f = np.array([fold[p["id"]] for p in pages])
    oof = np.zeros((len(pages), len(PAGE_TYPES)))
    for k in range(args.folds):
        tr, te = f != k, f == k
        m = xgb.XGBClassifier(objective="multi:softprob", **params)
        m.fit(X[tr], y[tr])
        oof[te] = m.predict_proba(X[te])
        write_json(os.path.join(args.out, f"fold-{k}", "page-type.json"),
                   export_booster(m.get_booster(), names, "page-type", {"fold": k, "folds": args.folds}, classes=PAGE_TYPES))
    acc = float(np.mean(oof.argmax(1) == y))
    per = {t: round(float(np.mean(oof[y == i].argmax(1) == i)), 4) for i, t in enumerate(PAGE_TYPES) if np.any(y == i)}
    m = xgb.XGBClassifier(objective="multi:softprob", **params)
    m.fit(X, y)
    prov = {
        "data": {"pages": len(pages)},
        "params": params,
        "crossValidation": {"folds": args.folds, "groupedBy": "domain", "accuracy": round(acc, 4), "recallByType": per},
    }
    write_json(os.path.join(args.out, "page-type.json"), export_booster(m.get_booster(), names, "page-type", prov, classes=PAGE_TYPES))
    with open(os.path.join(args.out, "page-type.oof.tsv"), "w") as out:
        for p, t, pr in zip(pages, y, oof):
            out.write(f"{p['id']}\t{PAGE_TYPES[t]}\t{PAGE_TYPES[int(pr.argmax())]}\t" + "\t".join(f"{v:.4f}" for v in pr) + "\n")
    print(f"page-type: accuracy {acc:.4f} (cross-validated by domain); by type {per}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["blocks", "pagetype"])
    ap.add_argument("prefix")
    ap.add_argument("out")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--name", default="content")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--bag", type=int, default=BLOCK_BAG, help="content models averaged (blocks only)")
    args = ap.parse_args()
    if args.bag < 1:
        ap.error(f"--bag: at least 1 fit, not {args.bag}")
    (fit_blocks if args.what == "blocks" else fit_pagetype)(args)


if __name__ == "__main__":
    main()
