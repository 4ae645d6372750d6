"""How much intent accuracy the Snips benchmark's data allows: a reference point for the
issue's intent goals (0.985 at 70 samples per intent, 0.99 at full size), beside what
skillhost-nlu-bench prints for skillhost's own NLU.

Setup (scikit-learn from PyPI; nothing here is part of the build or the tests):

    python3 -m venv /tmp/ceiling && /tmp/ceiling/bin/pip install scikit-learn   # 1.9.1 here
    /tmp/ceiling/bin/python Benchmarks/NLUBenchmarks/Ceiling/ceiling.py [../shared/nlu-benchmark]

It prints:
1. Ambiguity in the labels: dev sentences whose words outside the names and titles (with the
   short category values such as "song" or "movie times" kept) are the same as sentences the
   data labels as another intent ("find {title}": SearchCreativeWork 141 times,
   SearchScreeningEvent 31). No reader of the words can get those right but by the title.
2. A strong standard text classifier (linear SVM over tf-idf word 1-2-grams and character
   2-5-grams) trained on the annotated sentences themselves — more than an interaction model
   carries, since a model keeps slot values per type, apart from the sentences they came
   from: 10-fold cross-validation over dev.jsonl; the benchmark's full split (every tenth
   sentence held out); and 70 sentences per intent drawn at random.
3. The same classifier given what skillhost is given: sentences generated from an interaction
   model (each sample filled with values drawn from its slot types), for snips-70.json and
   for a model built from 90% of dev.jsonl much as skillhost-nlu-bench builds one.
"""
import collections
import json
import random
import re
import sys

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline, make_union
from sklearn.svm import LinearSVC

data = sys.argv[1] if len(sys.argv) > 1 else "../shared/nlu-benchmark"
rows = [json.loads(line) for line in open(f"{data}/dev.jsonl") if line.strip()]
texts = [r["text"] for r in rows]
labels = [r["intent"] for r in rows]

# Slots whose values are names or titles; the others are short categories, kept as words.
NAMES = {"object_name", "movie_name", "artist", "playlist", "album", "track", "entity_name",
         "restaurant_name", "location_name", "city", "state", "country", "geographic_poi",
         "served_dish", "cuisine", "poi", "genre", "service"}


def template(row):
    text, out, pos = row["text"], [], 0
    for slot in sorted(row["slots"], key=lambda s: s["start"]):
        out += [text[pos:slot["start"]], "{x}" if slot["name"] in NAMES else slot["value"].lower()]
        pos = slot["end"]
    out.append(text[pos:])
    return re.sub(r"\s+", " ", "".join(out).lower().strip(" .?!"))


def classifier():
    features = make_union(TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True),
                          TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True))
    return make_pipeline(features, LinearSVC(C=1.0))


def accuracy(train_x, train_y, test_rows):
    predicted = classifier().fit(train_x, train_y).predict([r["text"] for r in test_rows])
    return float(np.mean([p == r["intent"] for p, r in zip(predicted, test_rows)]))


def generated(model_path, per_sample=10):
    """Sentences from an interaction model: each sample filled with random values of its types."""
    language = json.load(open(model_path))["interactionModel"]["languageModel"]
    values = {t["name"]: [v["name"]["value"] for v in t["values"]] for t in language.get("types", [])}
    rng, xs, ys = random.Random(0), [], []
    for intent in language["intents"]:
        slot_types = {s["name"]: s["type"] for s in intent.get("slots", [])}
        for sample in intent["samples"]:
            for _ in range(per_sample):
                xs.append(re.sub(r"\{(\w+)\}", lambda m: rng.choice(values.get(slot_types.get(m.group(1)), []) or ["x"]), sample))
                ys.append(intent["name"])
    return xs, ys


def seventy_per_intent(rows, seed):
    """Indices of 70 sentences per intent drawn at random, and of the others, both sorted."""
    by_intent = collections.defaultdict(list)
    for i, r in enumerate(rows):
        by_intent[r["intent"]].append(i)
    rng = random.Random(seed)
    chosen = {i for members in by_intent.values() for i in rng.sample(members, 70)}
    return sorted(chosen), [i for i in range(len(rows)) if i not in chosen]


def model_from(train_rows):
    """An interaction model from annotated sentences, much as skillhost-nlu-bench builds one."""
    samples, slots, values = collections.defaultdict(dict), collections.defaultdict(list), collections.defaultdict(dict)
    for r in train_rows:
        text, out, pos = r["text"], "", 0
        for s in sorted(r["slots"], key=lambda s: s["start"]):
            if s["start"] < pos:
                continue
            out += text[pos:s["start"]] + "{" + s["name"] + "}"
            pos = s["end"]
            if s["name"] not in slots[r["intent"]]:
                slots[r["intent"]].append(s["name"])
            values[s["name"]].setdefault(s["value"].lower(), s["value"])
        samples[r["intent"]].setdefault((out + text[pos:]).lower(), out + text[pos:])
    return {"interactionModel": {"languageModel": {"invocationName": "snips benchmark",
        "intents": [{"name": n, "slots": [{"name": s, "type": s} for s in slots[n]], "samples": list(samples[n].values())} for n in sorted(samples)],
        "types": [{"name": n, "values": [{"name": {"value": v}} for v in values[n].values()]} for n in sorted(values)]}}}


def main():
    print("1. Ambiguous in the labels")
    by_template = collections.defaultdict(collections.Counter)
    for r in rows:
        by_template[template(r)][r["intent"]] += 1
    forced = sum(sum(c.values()) - max(c.values()) for c in by_template.values() if len(c) > 1)
    print(f"   {forced} of {len(rows)} dev sentences share their words outside names and titles with more sentences of another intent: best possible without knowing titles {1 - forced / len(rows):.4f}")
    for words, counts in sorted(by_template.items(), key=lambda kv: -sum(kv[1].values()) if len(kv[1]) > 1 else 0)[:5]:
        print(f"   \"{words}\": {dict(counts)}")

    print("2. Linear SVM trained on the annotated sentences")
    folds = cross_val_score(classifier(), texts, labels, cv=StratifiedKFold(10, shuffle=True, random_state=0), n_jobs=2)
    print(f"   10-fold cross-validation over dev.jsonl: mean {folds.mean():.4f} (folds {folds.min():.4f}-{folds.max():.4f})")
    held = [r for i, r in enumerate(rows) if i % 10 == 0]
    train = [r for i, r in enumerate(rows) if i % 10 != 0]
    print(f"   the full split (90% of dev.jsonl, scored on every tenth): {accuracy([r['text'] for r in train], [r['intent'] for r in train], held):.4f}")
    draws = []
    for seed in range(5):
        chosen, rest = seventy_per_intent(rows, seed)
        draws.append(accuracy([texts[i] for i in chosen], [labels[i] for i in chosen], [rows[i] for i in rest]))
    print(f"   70 sentences per intent drawn at random, five draws: {min(draws):.4f}-{max(draws):.4f}")

    print("3. Linear SVM trained on sentences generated from an interaction model (what skillhost gets)")
    xs, ys = generated(f"{data}/snips-70.json")
    print(f"   snips-70.json, scored on dev.jsonl: {accuracy(xs, ys, rows):.4f}")
    import os, tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(model_from(train), f)
    xs, ys = generated(f.name, per_sample=3)
    os.unlink(f.name)
    print(f"   model from 90% of dev.jsonl, scored on every tenth: {accuracy(xs, ys, held):.4f}")


if __name__ == "__main__":
    main()
