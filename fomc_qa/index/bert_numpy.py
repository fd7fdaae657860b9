"""The BERT forward pass in numpy, so the read side embeds a question without importing torch.

Importing torch costs ~1.5 s of a ~2 s cold start; embedding one short question or the few dozen
sentences the reader scores costs milliseconds in numpy (BLAS does the matrix products). Same
weights (safetensors), same arithmetic as `fomc_qa.index.bert_torch` in float32; a test holds the
vectors to sentence-transformers' within 1e-5.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64, "I32": np.int32}


def mapped_tensors(path: Path) -> dict[str, np.ndarray]:
    """The tensors of a safetensors file as read-only views of one memory map.

    safetensors' numpy loader copies all 90 MB (0.1 s of a cold start), and the embedding table is
    mostly rows no question touches; mapped, a page is read when a product first needs it. The format
    is an 8-byte little-endian header length, a JSON header of (dtype, shape, data_offsets), the data.
    """
    with path.open("rb") as f:
        size = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(size))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + size)
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        out[name] = data[start:end].view(_DTYPES[info["dtype"]]).reshape(info["shape"])
    return out

# erf by Abramowitz & Stegun 7.1.26 (absolute error <= 1.5e-7, below float32's resolution of GELU's
# inputs): numpy has no erf, and scipy's import would cost what this module saves.
_P = 0.3275911
_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact (erf) GELU in float32, as 0.5 * (x + |x| * erf(|x| / sqrt 2)), computed in place:
    the elementwise passes, not the matrix products, are what numpy pays for here."""
    a = np.abs(x)
    z = a * np.float32(0.7071067811865476)
    t = z * np.float32(_P)
    t += 1.0
    np.reciprocal(t, out=t)
    poly = t * np.float32(_A[4])
    for coefficient in reversed(_A[:4]):
        poly += np.float32(coefficient)
        poly *= t
    np.square(z, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    poly *= z
    np.subtract(1.0, poly, out=poly)  # erf(|x| / sqrt 2)
    poly *= a
    poly += x
    poly *= 0.5
    return poly


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    return centred / np.sqrt(var + np.float32(eps)) * weight + bias


class NumpyBert:
    """`(ids, types, mask) -> pooled vectors` for a BertModel with mean pooling (see `inspect_model`)."""

    def __init__(self, path: Path, config: dict, normalize: bool) -> None:
        from threadpoolctl import threadpool_limits

        # One BLAS thread for the process: the read side multiplies small matrices (a question, its
        # facets; the reader's sentences come from the pipeline's table), where a second OpenBLAS thread
        # only spins, and on a busy machine that spinning made a warm answer 5-50x slower (0.04 s with
        # one thread against 0.2-2.0 s with two, back to back at load average 5).
        threadpool_limits(1, user_api="blas")

        weights = mapped_tensors(path / "model.safetensors")
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in weights else ""
        w = {k[len(prefix):]: np.asarray(v, dtype=np.float32) for k, v in weights.items() if k.startswith(prefix)}
        # Linear weights as transposed views, so every product is x @ W: BLAS reads the transposed
        # (Fortran-ordered) matrix in place, with no copy at load.
        self._w = {k: (v.T if v.ndim == 2 and k.startswith("encoder.") else v) for k, v in w.items()}
        self.dim = int(config["hidden_size"])
        self._heads = int(config["num_attention_heads"])
        self._layers = int(config["num_hidden_layers"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        self._normalize = normalize

    def __call__(self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w, eps = self._w, self._eps
        batch, length = ids.shape
        heads, head_dim = self._heads, self.dim // self._heads
        h = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][types]).reshape(batch * length, self.dim)
        h = layer_norm(h, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        blocked = np.where(mask, np.float32(0.0), np.float32(-np.inf))[:, None, None, :]
        scale = np.float32(1.0 / np.sqrt(head_dim))
        # Token rows stay one (batch * length, dim) matrix, so each product is a single large GEMM.
        for layer in range(self._layers):
            p = f"encoder.layer.{layer}."

            def split(name: str, h=h, p=p) -> np.ndarray:
                x = h @ w[p + f"attention.self.{name}.weight"] + w[p + f"attention.self.{name}.bias"]
                return x.reshape(batch, length, heads, head_dim).transpose(0, 2, 1, 3)

            scores = (split("query") * scale) @ split("key").transpose(0, 1, 3, 2) + blocked
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ split("value")).transpose(0, 2, 1, 3).reshape(batch * length, self.dim)
            attended = context @ w[p + "attention.output.dense.weight"] + w[p + "attention.output.dense.bias"]
            h = layer_norm(attended + h, w[p + "attention.output.LayerNorm.weight"],
                           w[p + "attention.output.LayerNorm.bias"], eps)
            inner = gelu(h @ w[p + "intermediate.dense.weight"] + w[p + "intermediate.dense.bias"])
            out = inner @ w[p + "output.dense.weight"] + w[p + "output.dense.bias"]
            h = layer_norm(out + h, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        weights = mask[..., None].astype(np.float32)
        pooled = (h.reshape(batch, length, self.dim) * weights).sum(axis=1) / np.maximum(weights.sum(axis=1),
                                                                                        np.float32(1e-9))
        if self._normalize:
            pooled = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), np.float32(1e-12))
        return pooled.astype(np.float32, copy=False)
