"""Encoder throughput and fidelity on real chunks: which runtime embeds the build's chunk batches fastest
with the same vectors.

    python benchmarks/encoder.py [--chunks 256] [--batch 16 32 64] [--threads 1 2] [--onnx]

Runtimes: `BertEncoder` on torch (the pipeline's) and on numpy (the read side's), and with --onnx
the bundled MiniLM exported with `torch.onnx.export` and run by onnxruntime in fp32 and dynamic int8
(onnx and onnxruntime must be installed; they are not project dependencies). Every runtime is
compared with sentence-transformers (max abs difference, min cosine) and timed on the same chunks,
back to back, so the ratios hold on a loaded machine. Writes data/reports/encoder_benchmark.json.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from fomc_qa.config import Settings
from fomc_qa.index.embed import get_encoder, get_provider, resolve_model_path
from fomc_qa.index.tables import atomic_write_bytes


def _chunks(settings: Settings, n: int) -> list[str]:
    import duckdb

    pattern = str(settings.paths.table_dir("chunks") / "*.parquet")
    rows = duckdb.sql(f"SELECT text FROM read_parquet('{pattern}') ORDER BY chunk_id").fetchall()
    if not rows:
        raise SystemExit(f"no chunks under {settings.paths.table_dir('chunks')}: build first")
    step = max(1, len(rows) // n)
    return [r[0] for r in rows[::step][:n]]


class _Onnx:
    """The bundled MiniLM as an ONNX graph run by onnxruntime, mean-pooled and normalized like the model."""

    def __init__(self, path: Path, threads: int) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self._tokenizer = get_encoder(runtime="numpy")._tokenizer

    def encode(self, texts: list[str], batch: int) -> np.ndarray:
        out = []
        for start in range(0, len(texts), batch):
            encodings = self._tokenizer.encode_batch([t.strip() for t in texts[start : start + batch]])
            length = max(len(e.ids) for e in encodings)
            ids = np.zeros((len(encodings), length), np.int64)
            mask = np.zeros_like(ids)
            for row, e in enumerate(encodings):
                ids[row, : len(e.ids)], mask[row, : len(e.ids)] = e.ids, 1
            hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask,
                                              "token_type_ids": np.zeros_like(ids)})[0]
            pooled = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out.append(pooled / np.linalg.norm(pooled, axis=1, keepdims=True))
        return np.concatenate(out).astype(np.float32)


def _export(folder: Path) -> dict[str, Path]:
    """fp32 and int8 ONNX files of the bundled model's transformer (`torch.onnx.export`, opset 17)."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel

    bert = AutoModel.from_pretrained(resolve_model_path("bundled")).eval()

    class Wrapped(torch.nn.Module):  # keyword arguments: transformers 5 rejects positional ones here
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(input_ids=input_ids, attention_mask=attention_mask,
                             token_type_ids=token_type_ids).last_hidden_state

    fp32, int8 = folder / "minilm.onnx", folder / "minilm-int8.onnx"
    example = torch.ones((2, 8), dtype=torch.long)
    axes = {0: "batch", 1: "tokens"}
    torch.onnx.export(Wrapped(), (example, example, torch.zeros_like(example)), str(fp32), opset_version=17,
                      input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["hidden"],
                      dynamic_axes={"input_ids": axes, "attention_mask": axes, "token_type_ids": axes, "hidden": axes},
                      dynamo=False)
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
    return {"onnx-fp32": fp32, "onnx-int8": int8}


def _batched(encoder, texts: list[str]):
    def run(batch: int) -> np.ndarray:
        encoder.batch_size = batch
        return encoder.encode(texts)

    return run


def _fidelity(vectors: np.ndarray, reference: np.ndarray) -> dict[str, float]:
    cos = (vectors * reference).sum(1)
    ours, theirs = vectors @ vectors.T, reference @ reference.T
    top = 10
    overlap = np.mean([len(set(np.argsort(-ours[i])[:top]) & set(np.argsort(-theirs[i])[:top])) / top
                       for i in range(len(vectors))])
    return {"max_abs_diff": float(np.abs(vectors - reference).max()), "min_cosine": float(cos.min()),
            "mean_cosine": float(cos.mean()), "top10_neighbour_overlap": float(overlap)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=256)
    parser.add_argument("--batch", type=int, nargs="+", default=[16, 32, 64])
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--onnx", action="store_true", help="also export to ONNX and time onnxruntime fp32 and int8")
    args = parser.parse_args(argv)
    from threadpoolctl import threadpool_limits

    settings = Settings.from_env()
    texts = _chunks(settings, args.chunks)
    reference = get_provider(settings.embed_model).encode(texts)
    encoders = {runtime: get_encoder(settings.embed_model, runtime=runtime) for runtime in ("torch", "numpy")}
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        onnx_files = _export(Path(scratch)) if args.onnx else {}
        for threads in args.threads:
            import torch

            torch.set_num_threads(threads)
            runners = {name: _batched(enc, texts) for name, enc in encoders.items()}
            for name, path in onnx_files.items():
                runners[name] = functools.partial(_Onnx(path, threads).encode, texts)
            for batch in args.batch:
                for name, run in runners.items():  # back to back, so a noisy neighbour slows all alike
                    with threadpool_limits(threads):
                        t = time.perf_counter()
                        vectors = run(batch)
                        seconds = time.perf_counter() - t
                    rows.append({"runtime": name, "threads": threads, "batch": batch, "seconds": round(seconds, 2),
                                 "chunks_per_s": round(len(texts) / seconds, 1), **_fidelity(vectors, reference)})
                    print(json.dumps(rows[-1]), flush=True)
    out = settings.paths.report("encoder_benchmark.json")
    atomic_write_bytes(out, json.dumps({"chunks": len(texts), "rows": rows}, indent=2).encode())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
