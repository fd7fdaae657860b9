"""A sentence-transformers BERT model run without sentence-transformers, so the read side starts fast.

Importing sentence-transformers pulls in transformers, scikit-learn and more: ~5 s before the first
question can be embedded; torch alone is ~1.5 s. This module runs the same weights (safetensors)
through the same tokenizer (`tokenizers`, from tokenizer.json) for the models it reproduces exactly:
a `BertModel` with absolute positions and erf GELU, mean pooling, optional normalization
(all-MiniLM-L6-v2 and most of the sentence-transformers family), on one of two runtimes: numpy
(`bert_numpy`, the read side: no torch import) or torch (`bert_torch`, the pipeline's chunk
batches). Anything else falls back to sentence-transformers (`fomc_qa.index.embed.get_encoder`);
a test holds both runtimes' vectors to those of sentence-transformers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

TRANSFORMER = "sentence_transformers.models.Transformer"
POOLING = "sentence_transformers.models.Pooling"
NORMALIZE = "sentence_transformers.models.Normalize"
BATCH = 32
RUNTIMES = ("numpy", "torch")


class Unsupported(ValueError):
    """The model folder is not one this encoder reproduces exactly."""


def _read_json(path: Path) -> dict | list:
    return json.loads(path.read_text(encoding="utf-8"))


def inspect_model(path: Path) -> dict:
    """The facts the encoder needs from a sentence-transformers folder, or Unsupported saying why."""
    if not path.is_dir():
        raise Unsupported(f"{path} is not a local model folder")
    try:
        listed = _read_json(path / "modules.json")
        modules = [m["type"] for m in listed]
        transformer_dir = next(m["path"] for m in listed if m["type"] == TRANSFORMER)
        config = _read_json(path / "config.json")
        pooling_dir = next(m["path"] for m in listed if m["type"] == POOLING)
        pooling = _read_json(path / pooling_dir / "config.json")
        st_config = _read_json(path / "sentence_bert_config.json")
    except (OSError, KeyError, StopIteration, json.JSONDecodeError) as exc:
        raise Unsupported(f"{path}: not a sentence-transformers folder ({exc})") from exc
    if modules[:2] != [TRANSFORMER, POOLING] or any(m != NORMALIZE for m in modules[2:]):
        raise Unsupported(f"{path}: modules {modules} (needs Transformer, Pooling[, Normalize])")
    if transformer_dir not in ("", "."):
        raise Unsupported(f"{path}: transformer weights in {transformer_dir!r}, not the folder itself")
    if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
        raise Unsupported(f"{path}: model_type {config.get('model_type')!r}, activation {config.get('hidden_act')!r}")
    if config.get("position_embedding_type", "absolute") != "absolute":
        raise Unsupported(f"{path}: position embeddings {config.get('position_embedding_type')!r}")
    modes = [k for k, v in pooling.items() if k.startswith("pooling_mode_") and v]
    if modes != ["pooling_mode_mean_tokens"]:
        raise Unsupported(f"{path}: pooling {modes} (needs mean pooling)")
    if not (path / "model.safetensors").exists() or not (path / "tokenizer.json").exists():
        raise Unsupported(f"{path}: needs model.safetensors and tokenizer.json")
    max_tokens = int(st_config.get("max_seq_length") or config["max_position_embeddings"])
    return {
        "config": config,
        "max_tokens": min(max_tokens, int(config["max_position_embeddings"])),
        "lowercase": bool(st_config.get("do_lower_case", False)),
        "normalize": NORMALIZE in modules,
    }


class BertEncoder:
    """The EmbeddingProvider interface (`fomc_qa.index.embed`) over a BERT sentence-transformers folder."""

    def __init__(self, path: str | Path, name: str | None = None, batch_size: int = BATCH,
                 runtime: str = "numpy") -> None:
        from tokenizers import Tokenizer

        if runtime not in RUNTIMES:
            raise ValueError(f"runtime must be one of {RUNTIMES}, not {runtime!r}")
        path = Path(path)
        facts = inspect_model(path)
        cfg = facts["config"]
        self.name = name or str(path)
        self.dim = int(cfg["hidden_size"])
        self.max_tokens = facts["max_tokens"]
        self.batch_size = batch_size
        self.runtime = runtime
        self.calls = 0
        # Called before each batch when set (the pipeline shares the cores among its runs this way).
        self.before_batch = None
        self._lowercase = facts["lowercase"]
        self._tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=self.max_tokens)
        self._tokenizer.no_padding()
        self._counter = None  # an untruncated copy, made on the first count_tokens call
        if runtime == "torch":
            from fomc_qa.index.bert_torch import TorchBert as Model
        else:
            from fomc_qa.index.bert_numpy import NumpyBert as Model
        self._model = Model(path, cfg, facts["normalize"])

    def _clean(self, text: str) -> str:
        text = str(text).strip()  # as sentence-transformers does before tokenizing
        return text.lower() if self._lowercase else text

    def _encodings(self, texts: Sequence[str]) -> list:
        return self._tokenizer.encode_batch([self._clean(t) for t in texts])

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        """Token counts before truncation, special tokens included (as the pipeline counts them).
        A separate untruncated tokenizer, so a count never changes what a concurrent encode sees."""
        if self._counter is None:
            from tokenizers import Tokenizer

            self._counter = Tokenizer.from_str(self._tokenizer.to_str())
            self._counter.no_truncation()
        return [len(e.ids) for e in self._counter.encode_batch([self._clean(t) for t in texts])]

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        texts = list(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self._encodings(texts)
        # Similar lengths batched together: padding costs compute, not results (it is masked out).
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            if self.before_batch is not None:
                self.before_batch()
            out[rows] = self._model(*_padded([encodings[i] for i in rows]))
        return out


def _padded(encodings: list) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Token ids, token types and the attention mask of a batch, right-padded to its longest text."""
    length = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), length), dtype=np.int64)
    types = np.zeros_like(ids)
    mask = np.zeros((len(encodings), length), dtype=bool)
    for row, e in enumerate(encodings):
        ids[row, : len(e.ids)] = e.ids
        types[row, : len(e.ids)] = e.type_ids
        mask[row, : len(e.ids)] = True
    return ids, types, mask
