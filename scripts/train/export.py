"""Export an XGBoost booster to viseg's tree format (src/classify/model.ts, "viseg-trees-1").

Every node keeps a value: a leaf its leaf value, an inner node the cover-weighted mean of its
children's values, so that TypeScript can split a prediction into per-feature contributions
(Saabas) without walking the trees twice. Thresholds are float32, as XGBoost compares them."""
import json

import numpy as np


def _tree_arrays(tree):
    """One tree of XGBoost's JSON model -> (feature, threshold, left, right, value) lists, nodes renumbered in pre-order."""
    left = tree["left_children"]
    right = tree["right_children"]
    split = tree["split_indices"]
    cond = tree["split_conditions"]
    hess = tree["sum_hessian"]
    n = len(left)
    # expected value of every node, bottom-up
    value = [0.0] * n
    order = []
    stack = [0]
    while stack:
        i = stack.pop()
        order.append(i)
        if left[i] != -1:
            stack.append(right[i])
            stack.append(left[i])
    for i in reversed(order):
        if left[i] == -1:
            value[i] = float(cond[i])
        else:
            l, r = left[i], right[i]
            hl, hr = hess[l], hess[r]
            value[i] = (hl * value[l] + hr * value[r]) / (hl + hr) if hl + hr > 0 else 0.5 * (value[l] + value[r])
    new = {old: k for k, old in enumerate(order)}
    out = {"feature": [], "threshold": [], "left": [], "right": [], "value": []}
    for old in order:
        leaf = left[old] == -1
        out["feature"].append(-1 if leaf else int(split[old]))
        out["threshold"].append(0.0 if leaf else float(np.float32(cond[old])))
        out["left"].append(-1 if leaf else new[left[old]])
        out["right"].append(-1 if leaf else new[right[old]])
        out["value"].append(round(value[old], 7))
    return out


def export_booster(booster, features, target, provenance, classes=None):
    raw = json.loads(booster.save_raw("json"))
    learner = raw["learner"]
    base_score = float(learner["learner_model_param"]["base_score"].strip("[]").split(",")[0])
    objective = learner["objective"]["name"]
    if objective == "binary:logistic":
        base = [float(np.log(base_score / (1 - base_score)))]
    elif objective.startswith("multi:"):
        base = [float(v) for v in learner["learner_model_param"]["base_score"].strip("[]").split(",")]
        if len(base) != len(classes):
            base = [base[0]] * len(classes)
    else:
        raise ValueError(f"unsupported objective {objective}")
    trees = [_tree_arrays(t) for t in learner["gradient_booster"]["model"]["trees"]]
    out = {"format": "viseg-trees-1", "target": target, "features": list(features), "base": base, "trees": trees, "provenance": provenance}
    if classes:
        out["classes"] = list(classes)
    return out


def average_exports(models):
    """Exported single-margin models (export_booster) -> one model whose margin is the mean of theirs.

    Every tree's values are divided by the number of models and the trees put one after another,
    so the mean margin is still a bias plus a sum over trees, and its per-feature contributions are
    the means of the models' contributions."""
    if not models:
        raise ValueError("no models to average")
    first = models[0]
    for m in models:
        if m["features"] != first["features"] or len(m["base"]) != 1 or "classes" in m:
            raise ValueError("only single-margin models over the same features can be averaged")
    n = len(models)
    trees = []
    for m in models:
        for t in m["trees"]:
            trees.append({**t, "value": [round(v / n, 7) for v in t["value"]]})
    base = [sum(m["base"][0] for m in models) / n]
    return {**first, "base": base, "trees": trees}
