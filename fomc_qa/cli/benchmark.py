"""`python -m fomc_qa benchmark [--scale N ...] [--out DIR]`: the ANN benchmark outside Dagster.

Reads what the pipeline materialized under FOMC_DATA_DIR (embeddings warehouse, per-meeting
shards, the golden questions), runs `fomc_qa.benchmark.ann` on it and writes the report.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fomc_qa.config import Settings

EXIT_OK, EXIT_BAD_INPUT, EXIT_NO_INDEX = 0, 2, 3
BUILD_HINT = "bash scripts/demo.sh  (or: python -m fomc_pipeline.build)"

log = logging.getLogger("fomc_qa.benchmark")


@dataclass
class Warehouse:
    """Every embedded chunk: vectors (unit-norm float32), keys, chunk ids and meeting per row."""

    vectors: np.ndarray
    keys: np.ndarray
    chunk_ids: list[str]
    meetings: list[str]
    models: set[str]

    def __len__(self) -> int:
        return len(self.keys)


def _vectors_from_column(column) -> np.ndarray:
    """A list<float32> or fixed_size_list<float32>[d] column as an (n, d) float32 matrix."""
    import pyarrow as pa
    import pyarrow.compute as pc

    arr = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    if len(arr) == 0:
        return np.zeros((0, 0), dtype=np.float32)
    if arr.null_count:
        raise ValueError("embedding column has null vectors")
    if pa.types.is_fixed_size_list(arr.type):
        dim = arr.type.list_size
    elif pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type):
        lengths = pc.list_value_length(arr).to_numpy(zero_copy_only=False)
        if lengths.min() != lengths.max():
            raise ValueError(f"embedding vectors have different lengths ({lengths.min()}..{lengths.max()})")
        dim = int(lengths[0])
    else:
        raise ValueError(f"embedding column has type {arr.type}, expected a list of floats")
    flat = arr.flatten().to_numpy(zero_copy_only=False)
    return np.ascontiguousarray(flat, dtype=np.float32).reshape(len(arr), dim)


def _meeting_of(chunk_id: str, fallback: str) -> str:
    """`minutes-2024-01-31#014` -> `2024-01-31` (the partition key), else the file's stem."""
    doc = chunk_id.split("#", 1)[0]
    parts = doc.split("-", 1)
    return parts[1] if len(parts) == 2 and len(parts[1]) == 10 else fallback


def load_warehouse(data_dir: Path) -> Warehouse:
    """All `warehouse/embeddings/*.parquet` files (one per meeting partition), deduplicated by key."""
    import pyarrow.parquet as pq

    files = sorted((Path(data_dir) / "warehouse" / "embeddings").glob("*.parquet"))
    vecs, keys, ids, meetings, models = [], [], [], [], set()
    for f in files:
        table = pq.read_table(f)
        if table.num_rows == 0:
            continue
        vecs.append(_vectors_from_column(table.column("vector")))
        keys.append(table.column("key").to_numpy().astype(np.uint64))
        cids = [str(c) for c in table.column("chunk_id").to_pylist()]
        ids.extend(cids)
        meetings.extend(_meeting_of(c, f.stem) for c in cids)
        if "model" in table.column_names:
            models.update(str(m) for m in table.column("model").unique().to_pylist())
    if not vecs:
        return Warehouse(np.zeros((0, 0), np.float32), np.zeros(0, np.uint64), [], [], models)
    vectors = np.concatenate(vecs)
    all_keys = np.concatenate(keys)
    _, first = np.unique(all_keys, return_index=True)
    first = np.sort(first)
    norms = np.linalg.norm(vectors[first], axis=1, keepdims=True)
    if np.abs(norms - 1).max() > 1e-3:
        log.warning("embeddings are not unit-norm (max deviation %.3g); normalizing", float(np.abs(norms - 1).max()))
    return Warehouse(
        vectors=np.ascontiguousarray(vectors[first] / norms, dtype=np.float32),
        keys=all_keys[first],
        chunk_ids=[ids[i] for i in first],
        meetings=[meetings[i] for i in first],
        models=models,
    )


def load_questions(golden: Path) -> list[str]:
    """The "question" field of every item of a golden file (a JSON list); none if it is absent."""
    if not golden.exists():
        return []
    items = json.loads(golden.read_text(encoding="utf-8"))
    return [str(it["question"]).strip() for it in items if isinstance(it, dict) and str(it.get("question", "")).strip()]


def holdout_mask(keys: np.ndarray, n: int, seed: int = 0) -> np.ndarray:
    """True for a deterministic sample of n rows: drawn over the keys in sorted order, so the same
    corpus gives the same sample whatever order its files were read in."""
    order = np.argsort(keys, kind="stable")
    rng = np.random.default_rng(seed)
    pick = order[rng.choice(len(keys), size=min(n, len(keys)), replace=False)]
    mask = np.zeros(len(keys), dtype=bool)
    mask[pick] = True
    return mask


def _embed(texts: list[str], model: str) -> np.ndarray:
    from fomc_qa.index.embed import get_encoder

    return get_encoder(model).encode(texts)


def _stored_shards(data_dir: Path, wh: Warehouse) -> tuple[dict[str, Path] | None, str | None]:
    """The pipeline's shard files, if present and holding exactly the warehouse's keys."""
    from usearch.index import Index

    shard_dir = Path(data_dir) / "index" / "shards"
    meetings = sorted(set(wh.meetings))
    paths = {m: shard_dir / f"{m}.usearch" for m in meetings}
    missing = [m for m, p in paths.items() if not p.exists()]
    if missing:
        return None, f"stored shards not compared: {len(missing)} of {len(meetings)} meetings have no shard file"
    stored: set[int] = set()
    for p in paths.values():
        idx = Index.restore(str(p), view=True)
        stored.update(int(k) for k in np.asarray(idx.keys))
    if stored != {int(k) for k in wh.keys}:
        return None, "stored shards not compared: their keys differ from the embeddings warehouse (stale shards?)"
    return paths, None


def _print_summary(paths: dict[str, Path], summary: dict, elapsed: float) -> None:
    s = summary["shipped"]
    print(f"shipped: {s['label']}  recall@10 {s['recall_at_10']:.4f}  recall@5 {s['recall_at_5']:.4f}  "
          f"p50 {s['latency_ms_p50']:.4f} ms  p99 {s['latency_ms_p99']:.4f} ms  {s['batch_qps']:.0f} q/s  "
          f"build {s['build_s']:.2f} s  {s['memory_bytes'] / 1e6:.2f} MB")
    print(f"check recall@10 >= {summary['recall_floor']}: {'PASS' if summary['check_passed'] else 'FAIL'}")
    for fam, v in summary["versus"].items():
        r = v["rival"]
        print(f"vs {fam:13s} {r['label']:45s} recall@10 {r['recall_at_10']:.4f}  p50 {r['latency_ms_p50']:.4f} ms  "
              f"-> shipped {v['p50_ratio']:.2f}x at p50 ({v['matched_on']})")
    rows = summary["scale"]
    if len({r["corpus_size"] for r in rows}) > 1:
        print("scale (fastest setting with recall@10 >= floor per family):")
        for r in rows:
            flag = "" if r["meets_floor"] else "  (below floor)"
            print(f"  N={r['corpus_size']:>9,} {r['corpus_kind']:9s} {r['family']:13s} {r['label']:45s} "
                  f"recall@10 {r['recall_at_10']:.4f}  p50 {r['latency_ms_p50']:.4f} ms  build {r['build_s']:.1f} s  "
                  f"{r['memory_bytes'] / 1e6:.1f} MB{flag}")
    for name, p in paths.items():
        print(f"{name}: {p}")
    print(f"total {elapsed:.0f} s")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit code (3 when there is nothing materialized to measure)."""
    from fomc_qa.benchmark import ann as ab

    settings = Settings.from_env()
    parser = argparse.ArgumentParser(prog="python -m fomc_qa benchmark",
                                     description="Benchmark ANN indexes on the materialized embeddings.")
    parser.add_argument("--scale", type=int, nargs="+", metavar="N", default=[],
                        help="also run the scale study on synthetic corpora of these sizes (e.g. 10000 100000 1000000)")
    parser.add_argument("--data-dir", type=Path, default=settings.data_dir, help="data directory (default: FOMC_DATA_DIR)")
    parser.add_argument("--out", type=Path, default=None, help="report directory (default: <data>/reports)")
    parser.add_argument("--holdout", type=int, default=300, help="chunk vectors held back as queries (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timing rounds on the real corpus (default 5)")
    parser.add_argument("--budget", type=float, default=600.0, help="time box per scale size, seconds (default 600)")
    parser.add_argument("--threads", type=int, default=None, help="threads for builds and batches (default: all cores)")
    parser.add_argument("--grid", choices=["full", "small"], default="full",
                        help="full sweep (default) or one build per family for a quick smoke run")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if any(n <= 0 for n in args.scale) or args.holdout < 0 or args.rounds < 1 or args.budget <= 0:
        parser.error("--scale sizes, --rounds and --budget must be positive, --holdout non-negative")
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S", stream=sys.stderr)
    logging.getLogger("faiss.loader").setLevel(logging.WARNING)

    t_start = time.perf_counter()
    data_dir = args.data_dir
    args.out = args.out or data_dir / "reports"
    wh = load_warehouse(data_dir)
    if len(wh) == 0:
        print(f"error: no embeddings under {data_dir / 'warehouse' / 'embeddings'}: run the pipeline first: {BUILD_HINT}",
              file=sys.stderr)
        return EXIT_NO_INDEX
    if len(wh) < 50:
        print(f"error: only {len(wh)} embedded chunks under {data_dir}; too few to benchmark", file=sys.stderr)
        return EXIT_BAD_INPUT
    threads = args.threads or ab.available_threads()
    runtime = ab.runtime_info(threads)
    timings: dict[str, float] = {}

    questions = load_questions(data_dir / "eval" / "golden.json")
    q_vectors = _embed(questions, settings.embed_model) if questions else np.zeros((0, wh.vectors.shape[1]), np.float32)
    n_hold = min(args.holdout, len(wh) // 5)
    held = holdout_mask(wh.keys, n_hold, args.seed)
    vectors, keys = wh.vectors[~held], wh.keys[~held]
    queries = np.concatenate([q_vectors, wh.vectors[held]]).astype(np.float32)
    kinds = ["question"] * len(q_vectors) + ["heldout"] * int(held.sum())
    log.info("corpus %d vectors (%d held back as queries), %d questions", len(vectors), held.sum(), len(q_vectors))
    corpus_info = {
        "description": f"{len(vectors):,} real chunk vectors ({wh.vectors.shape[1]}-d, model "
                       f"{', '.join(sorted(wh.models)) or settings.embed_model}, unit-norm) from "
                       f"{len(set(wh.meetings))} meetings under {data_dir}",
        "queries": f"{len(queries)}: {len(q_vectors)} golden-set questions embedded with the same model, plus "
                   f"{int(held.sum())} chunk vectors held back from the index (a seeded sample over sorted keys)",
        "n_vectors": int(len(vectors)), "n_questions": int(len(q_vectors)), "n_heldout": int(held.sum()),
    }

    with ab.pinned_threads(threads):
        top1 = ab.exact_ground_truth(vectors, keys, queries, 1).sims[:, 0]
    kind_arr = np.asarray(kinds)
    corpus_info["query_top1_cos"] = {kind: float(np.median(top1[kind_arr == kind])) for kind in sorted(set(kinds))}
    t0 = time.perf_counter()
    families = ab.default_grid(len(vectors)) if args.grid == "full" else ab.small_grid(len(vectors))
    results = ab.run_sweep(vectors, keys, queries, 10, "real", families=families, query_kind=kinds,
                           rounds=args.rounds, threads=threads, seed=args.seed)
    timings["real sweep"] = time.perf_counter() - t0
    shipped = ab.choose_shipped(results)
    log.info("shipped: %s recall@10 %.4f p50 %.4f ms", ab.config_label(shipped), shipped.recall_at_10,
             shipped.latency_ms_p50)

    notes: list[str] = []
    t0 = time.perf_counter()
    meetings = np.asarray(wh.meetings)
    indexed = meetings[~held]
    sp = shipped.params
    shard_vectors = {m: vectors[indexed == m] for m in sorted(set(indexed))}
    shard_keys = {m: keys[indexed == m] for m in sorted(set(indexed))}
    results += ab.shards_vs_merged(shard_vectors, shard_keys, queries, 10, metric=str(sp["metric"]),
                                   dtype=str(sp["dtype"]), connectivity=int(sp["connectivity"]),
                                   expansion_add=int(sp["expansion_add"]), expansion_search=int(sp["expansion_search"]),
                                   query_kind=kinds, rounds=args.rounds, threads=threads)
    stored, why = _stored_shards(data_dir, wh)
    if stored:
        results += ab.shards_vs_merged({m: wh.vectors[meetings == m] for m in stored},
                                       {m: wh.keys[meetings == m] for m in stored}, queries, 10,
                                       shard_paths=stored, expansion_search=None, query_kind=kinds,
                                       corpus_kind="real-stored", rounds=args.rounds, threads=threads)
    elif why:
        notes.append(why)
    timings["shards vs merged"] = time.perf_counter() - t0

    scale_ctx: dict = {}
    if args.scale:
        t0 = time.perf_counter()
        study = ab.scale_study(vectors, args.scale, queries=queries, query_kind=kinds, reference=results,
                               seed=args.seed, budget_s=args.budget, threads=threads)
        results += study.results
        timings["scale study"] = time.perf_counter() - t0
        profiles = {f"real {len(vectors):,}": ab.neighbour_profile(vectors, seed=args.seed), **study.profiles}
        scale_ctx = {"noise": study.noise, "profiles": profiles, "notes": study.notes,
                     "seconds": study.seconds, "budget_s": args.budget}
    timings["total"] = time.perf_counter() - t_start
    context = {
        "generated_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "runtime": runtime,
        "corpus": corpus_info,
        "scale": scale_ctx,
        "timings": timings,
        "peak_rss_bytes": ab.peak_rss_bytes(),
        "load_average_end": list(os.getloadavg()),
        "notes": notes,
    }
    paths = ab.write_report(results, args.out, context)
    summary = json.loads(paths["summary"].read_text())
    _print_summary(paths, summary, time.perf_counter() - t_start)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
