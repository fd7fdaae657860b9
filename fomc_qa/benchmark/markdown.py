"""The markdown report, one small function per section; every table goes through `markdown_table`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fomc_qa.benchmark.choose import (
    RECALL_FLOOR,
    SHARD_TYPES,
    choose_shipped,
    compare_shipped,
    crossovers,
    fastest,
    fastest_usearch,
    head_to_head,
    real_rows,
    scale_table,
)
from fomc_qa.benchmark.ground_truth import TIE_EPS
from fomc_qa.benchmark.searchers import FAMILY_ORDER, config_label, family_of
from fomc_qa.models import BenchmarkResult
from fomc_qa.text.markdown import markdown_table

# The published comparison the acceptance criteria cite (a FOMC corpus of 1,545 chunks, 384-d).
PUBLISHED = {
    "source": "published comparison on a similar FOMC corpus (1,545 chunks, 384-d)",
    "corpus_size": 1545,
    "rows": [
        {"index": "HNSW", "params": "M=32 ef=64", "recall_at_5": 0.933, "latency_ms": 0.030},
        {"index": "IVF", "params": "nlist=25 nprobe=10", "recall_at_5": 0.959, "latency_ms": 0.017},
        {"index": "brute force", "params": "", "recall_at_5": 1.0, "latency_ms": 0.031},
    ],
}
# The settings measured here that correspond to each published row.
PUBLISHED_ANALOGUES = (("faiss-hnsw", {"M": 32, "efSearch": 64}), ("faiss-ivf", {"nlist": 25, "nprobe": 10}),
                       ("exact-numpy", {}))
RESULT_HEADERS = ("configuration", "recall@5", "recall@10", "p50 ms", "p99 ms", "batch q/s", "build s", "size")
CROSSOVER_PAIRS = (("exact-numpy", "usearch-hnsw"), ("exact-usearch", "usearch-hnsw"), ("exact-faiss", "faiss-hnsw"),
                   ("exact-faiss", "faiss-ivf"), ("faiss-ivf", "faiss-hnsw"), ("faiss-hnsw", "usearch-hnsw"),
                   ("faiss-ivf", "usearch-hnsw"))
SLOW_OPENBLAS_KERNELS = ("Prescott", "Core2", "Nehalem", "Sandybridge")


def fmt_ms(x: float) -> str:
    return f"{x:.4f}" if x < 0.1 else f"{x:.3f}" if x < 10 else f"{x:.1f}"


def fmt_bytes(b: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if abs(b) < 1024 or unit == "GB":
            return f"{b:.0f} {unit}" if unit == "B" else f"{b:.1f} {unit}"
        b /= 1024
    return f"{b:.1f} GB"


def fmt_n(n: float) -> str:
    return f"{n:,.0f}"


def _speed(ratio: float) -> str:
    return f"{ratio:.2f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower"


def _result_cells(r: BenchmarkResult) -> list[str]:
    return [config_label(r), f"{r.recall_at_5:.4f}", f"{r.recall_at_10:.4f}", fmt_ms(r.latency_ms_p50),
            fmt_ms(r.latency_ms_p99), fmt_n(r.batch_qps or 0), f"{r.build_s:.2f}", fmt_bytes(r.memory_bytes)]


def _result_table(rows: Iterable[BenchmarkResult | Sequence[str]]) -> list[str]:
    """The standard results table; a row may be a result or ready-made cells."""
    return markdown_table(RESULT_HEADERS, (_result_cells(r) if isinstance(r, BenchmarkResult) else r for r in rows))


def _answer(results: Sequence[BenchmarkResult], shipped: BenchmarkResult, check_passed: bool) -> list[str]:
    sp = shipped.params
    lines = [
        "## Answer",
        "",
        f"**The product ships USearch HNSW, metric `{sp.get('metric')}`, dtype `{sp.get('dtype')}`, "
        f"connectivity {sp.get('connectivity')}, expansion_add {sp.get('expansion_add')}, "
        f"expansion_search {sp.get('expansion_search')}**: on the real corpus ({shipped.corpus_size:,} vectors) it "
        f"reaches recall@10 **{shipped.recall_at_10:.4f}** (recall@5 {shipped.recall_at_5:.4f}) against exact search "
        f"at **{fmt_ms(shipped.latency_ms_p50)} ms p50** / {fmt_ms(shipped.latency_ms_p99)} ms p99 per single query, "
        f"{fmt_n(shipped.batch_qps or 0)} queries/s in a batch, built in {shipped.build_s:.2f} s, "
        f"{fmt_bytes(shipped.memory_bytes)} on disk.",
        "",
        f"Asset check (recall@10 >= {RECALL_FLOOR}): **{'PASS' if check_passed else 'FAIL'}**.",
        "",
    ]
    best = fastest_usearch(results)
    if best is not shipped:
        lines += [
            f"The fastest USearch setting measured at recall@10 >= {RECALL_FLOOR} was `{config_label(best)}` "
            f"(recall@10 {best.recall_at_10:.4f}, p50 {fmt_ms(best.latency_ms_p50)} ms); the shipped "
            "parameters (`fomc_qa/index/store.py` INDEX_PARAMS) keep a recall margin instead, and which setting is "
            "fastest changes from run to run within the noise of single-query timings.",
            "",
        ]
    return lines


def _versus(results: Sequence[BenchmarkResult], shipped: BenchmarkResult) -> list[str]:
    versus = compare_shipped(results, shipped)
    lines = []
    for fam, name in (("faiss-hnsw", "FAISS IndexHNSWFlat"), ("faiss-ivf", "FAISS IndexIVFFlat")):
        v = versus.get(fam)
        if not v:
            continue
        r = v["result"]
        lines.append(
            f"- vs the best {name} setting at {v['matched_on']} (`{config_label(r)}`, recall@10 "
            f"{r.recall_at_10:.4f}, p50 {fmt_ms(r.latency_ms_p50)} ms): the shipped configuration is "
            f"**{_speed(v['p50_ratio'])}** at p50 (p99 theirs/shipped {v['p99_ratio']:.2f}; batch throughput "
            f"shipped/theirs {v['qps_ratio']:.2f}).")
        at_floor = fastest(results, fam, RECALL_FLOOR)
        if at_floor is not None and at_floor is not r:
            lines.append(
                f"  At the {RECALL_FLOOR} floor itself (recall matched less strictly) the fastest {name} setting is "
                f"`{config_label(at_floor)}` (recall@10 {at_floor.recall_at_10:.4f}, p50 "
                f"{fmt_ms(at_floor.latency_ms_p50)} ms): the shipped one is "
                f"{_speed(at_floor.latency_ms_p50 / shipped.latency_ms_p50)} there.")
    for fam in ("exact-usearch", "exact-faiss", "exact-numpy"):
        v = versus.get(fam)
        if v:
            r = v["result"]
            lines.append(f"- vs {config_label(r)} (recall@10 {r.recall_at_10:.4f}, p50 {fmt_ms(r.latency_ms_p50)} "
                         f"ms): {v['p50_ratio']:.2f}x at p50.")
    return lines + [""]


def _head_to_head(real: Sequence[BenchmarkResult], shipped: BenchmarkResult) -> list[str]:
    lines = ["## Recall-matched head-to-head (real corpus)", "",
             "Fastest configuration of each family reaching the recall@10 target; latency is per single query "
             "(one call, one thread).", ""]
    for t in sorted({0.95, RECALL_FLOOR, round(shipped.recall_at_10 or 0, 6), 1.0}):
        label = " (the shipped configuration's recall)" if abs(t - (shipped.recall_at_10 or 0)) < 1e-9 else ""
        rows = [row["result"] if row["result"] is not None
                else [f"{row['family']}: no setting reaches it"] + [""] * (len(RESULT_HEADERS) - 1)
                for row in head_to_head(real, [t])]
        lines += [f"**recall@10 >= {t:.4f}{label}**", "", *_result_table(rows), ""]
    return lines


def _published_row(pub: dict[str, Any], r: BenchmarkResult | None) -> list[str]:
    head = [f"{pub['index']} {pub['params']}", str(pub["recall_at_5"]), str(pub["latency_ms"])]
    if r is None:
        return head + ["not measured", "", "", ""]
    return head + [config_label(r), f"{r.recall_at_5:.4f}", fmt_ms(r.latency_ms_p50),
                   fmt_ms(1e3 / (r.batch_qps or float("inf")))]


def _published(real: Sequence[BenchmarkResult], shipped: BenchmarkResult) -> list[str]:
    n_real = shipped.corpus_size
    rows = []
    for pub, (fam, want) in zip(PUBLISHED["rows"], PUBLISHED_ANALOGUES, strict=True):
        if fam == "exact-numpy":
            cands = [r for r in real if r.index_type == "exact"]
        else:
            cands = [r for r in real if family_of(r) == fam and all(r.params.get(k) == v for k, v in want.items())]
        rows.append(_published_row(pub, min(cands, key=lambda x: x.latency_ms_p50) if cands else None))
    table = markdown_table(("published", "recall@5", "ms/query", "measured here", "recall@5", "p50 ms (single)",
                            "ms/query in a batch"), rows)
    return ["## Published comparison (context)", "",
            f"A {PUBLISHED['source']} reported the rows below (recall@5; latency per query). The closest settings "
            f"measured here, on {n_real:,} vectors:", "", *table,
            "", f"Shipped here: recall@5 {shipped.recall_at_5:.4f} at {fmt_ms(shipped.latency_ms_p50)} ms p50 "
            f"({fmt_ms(1e3 / (shipped.batch_qps or float('inf')))} ms/query in a batch). The published figures "
            "come from a different machine and corpus (1,545 chunks vs "
            f"{n_real:,} here) and do not say whether latency is per single call or amortized over a batch, "
            "so both are shown; recall there is recall@5 against brute force, as here.", ""]


def _shards(results: Sequence[BenchmarkResult]) -> list[str]:
    shard_rows = [r for r in results if r.index_type in SHARD_TYPES]
    if not shard_rows:
        return []
    lines = ["## Per-meeting shards searched together vs one merged index", "",
             "Same vectors, same HNSW parameters; the shards opened as files (`Index.restore(view=True)`) and "
             "searched as one with `usearch.index.Indexes`. The product searches its index over all meetings "
             "unless a question's dates name meetings; then it searches only their shards.", "",
             *_result_table(shard_rows)]
    for layout in ("shards", "shards-stored"):
        s = next((r for r in shard_rows if r.params.get("layout") == layout), None)
        m = next((r for r in shard_rows if r.index_type == "usearch-merged" and s is not None
                  and r.corpus_size == s.corpus_size
                  and r.params.get("expansion_search") == s.params.get("expansion_search")), None)
        if s and m:
            lines += ["", f"{'Stored pipeline shards' if layout == 'shards-stored' else 'Shards'} "
                      f"({s.params.get('n_shards')} files, ~{s.params.get('mean_shard_size')} vectors each): "
                      f"{s.latency_ms_p50 / m.latency_ms_p50:.1f}x the merged index's p50 latency, recall@10 "
                      f"{s.recall_at_10:.4f} vs {m.recall_at_10:.4f}. Searching every shard costs one small graph "
                      "search per meeting; it pays off only when a question's dates restrict the search to a few "
                      "shards."]
    return lines + [""]


def _noise(noise: dict[str, Any]) -> list[str]:
    if not noise:
        return []
    if noise.get("shape", "local") == "local":
        how = (f"real vectors drawn at random plus Gaussian noise in the span of each one's offsets to its "
               f"{noise.get('neighbours', 10)} nearest distinct real neighbours (scale {noise.get('sigma', 0):.4f}), "
               "renormalized, so the noise moves along the directions real chunks vary in")
    else:
        how = (f"real vectors drawn at random plus isotropic Gaussian noise (sigma {noise.get('sigma', 0):.4f} "
               "per dimension), renormalized")
    return [
        f"Synthetic corpora keep every real vector and add {how}. The noise scale is set so the median cosine "
        f"between a synthetic vector and its source equals the median cosine between a real chunk and its "
        f"nearest distinct real neighbour ({noise.get('median_nn_cos', float('nan')):.3f} over "
        f"{noise.get('distinct_vectors', 0):,} distinct vectors): a new paragraph on the same topic, not a "
        "near-duplicate and not random. The table below checks the result against the real corpus; isotropic "
        "noise, shown for comparison, inflates the local intrinsic dimensionality (harder, less FOMC-like "
        "neighbourhoods). Queries are the same real queries at every size."]


def _profiles(profiles: dict[str, dict[str, float]]) -> list[str]:
    if not profiles:
        return []
    rows = [[name, f"{p['nn1_cos_median']:.3f}", f"{p['nn10_cos_median']:.3f}", f"{p['lid_median']:.1f}"]
            for name, p in profiles.items()]
    return ["", "Neighbourhood structure (200 sampled corpus members; exact duplicates excluded):", "",
            *markdown_table(("corpus", "median cos to 1st neighbour", "median cos to 10th",
                             "median local intrinsic dim."), rows)]


def _scale_row(row: dict[str, Any]) -> list[str]:
    r = row["result"]
    q, h = r.params.get("recall@10_question"), r.params.get("recall@10_heldout")
    return [f"{row['corpus_size']:,}", row["corpus_kind"], row["family"],
            config_label(r) if row["meets_floor"] else f"*{config_label(r)}*", f"{r.recall_at_10:.4f}",
            f"{q:.3f} / {h:.3f}" if q is not None and h is not None else "", fmt_ms(r.latency_ms_p50),
            fmt_ms(r.latency_ms_p99), fmt_n(r.batch_qps or 0), f"{r.build_s:.1f}", fmt_bytes(r.memory_bytes)]


def _scale_table(table: list[dict[str, Any]]) -> list[str]:
    return ["", "At scale each family keeps one build: both HNSW libraries the same graph degree (max(16, shipped "
            "connectivity), like for like; USearch with the shipped metric and dtype), construction depth 128, "
            "IVF nlist ~ sqrt(N); the shipped USearch connectivity itself and USearch exact search are added "
            "where the time box allows.", "",
            f"Fastest setting per family reaching recall@10 >= {RECALL_FLOOR} at each size (italics: the "
            "floor was not reached, best recall shown; q / h: recall@10 on the golden questions / on the "
            "held-back chunks):", "",
            *markdown_table(("N", "corpus", "family", "configuration", "recall@10", "q / h", "p50 ms", "p99 ms",
                             "batch q/s", "build s", "size"), (_scale_row(row) for row in table)),
            "", f"Crossovers (p50 at recall@10 >= {RECALL_FLOOR}):", "",
            *(f"- {text}" for a, b in CROSSOVER_PAIRS if (text := crossovers(table, a, b)))]


def _growth(table: list[dict[str, Any]], first: int, last: int) -> list[str]:
    rows = []
    for fam in FAMILY_ORDER:
        pts = {row["corpus_size"]: row for row in table if row["family"] == fam}
        if first in pts and last in pts and last != first:
            r0, r1 = pts[first]["result"], pts[last]["result"]
            mark = "" if pts[last]["meets_floor"] else " (below the floor at the largest size)"
            rows.append([f"{fam}{mark}", f"{r0.recall_at_10:.4f} → {r1.recall_at_10:.4f}",
                         f"{fmt_ms(r0.latency_ms_p50)} → {fmt_ms(r1.latency_ms_p50)} "
                         f"({r1.latency_ms_p50 / r0.latency_ms_p50:.1f}x)", f"{r0.build_s:.2f} → {r1.build_s:.1f}",
                         f"{fmt_bytes(r0.memory_bytes)} → {fmt_bytes(r1.memory_bytes)}"])
    if not rows:
        return []
    return ["", f"How costs grow from N={first:,} to N={last:,} ({last / first:.0f}x the vectors), each "
            "family's row above at the smallest and largest size:", "",
            *markdown_table(("family", "recall@10", "p50 ms", "build s", "size"), rows)]


def _projection(table: list[dict[str, Any]], last: int) -> list[str]:
    largest = [row for row in table if row["corpus_size"] == last]
    wanted = max((int(row["result"].params.get("requested_n", 0)) for row in largest), default=0)
    if wanted <= last:
        return []
    r_n = wanted / last
    rows = []
    for row in largest:
        r = row["result"]
        lat = (f"{fmt_ms(r.latency_ms_p50 * r_n)} (~N)" if r.index_type == "exact"
               else "not projectable (recall at fixed settings falls with N)")
        rows.append([row["family"], f"{r.build_s * r_n ** 1.1:.0f}", fmt_bytes(r.memory_bytes * r_n), lat])
    return ["", f"Projected to the requested N={wanted:,} from the measured N={last:,} (not measured; build "
            "~N^1.1, size ~N, exact-search latency ~N):", "",
            *markdown_table(("family", "build s", "size", "p50 ms"), rows)]


def _lost(table: list[dict[str, Any]], difficulty: dict[str, float] | None) -> list[str]:
    lost = []
    for fam in FAMILY_ORDER:
        fam_rows = sorted((row for row in table if row["family"] == fam), key=lambda row: row["corpus_size"])
        miss = next((row for row in fam_rows if not row["meets_floor"]), None)
        if miss is not None:
            r = miss["result"]
            on_questions = r.params.get("recall@10_question", float("nan"))
            lost.append(f"{fam} from N={miss['corpus_size']:,} (best measured: `{config_label(r)}`, recall@10 "
                        f"{r.recall_at_10:.4f}, on the questions {on_questions:.3f})")
    lines = []
    if lost:
        lines += ["", f"Where recall@10 >= {RECALL_FLOOR} is lost within the measured settings: "
                  + "; ".join(lost) + "."]
    if difficulty:
        lines += ["", "The misses concentrate on the golden questions: a question's embedding sits far from every "
                  f"chunk (median cosine to its nearest chunk {difficulty.get('question', float('nan')):.3f}, vs "
                  f"{difficulty.get('heldout', float('nan')):.3f} for a held-back chunk), so the graph has no close "
                  "entry points and, in a dense corpus, many candidates lie within a hair of the 10th neighbour."]
    return lines


def _scale_notes(scale: dict[str, Any]) -> list[str]:
    lines = [f"- note: {note}" for note in scale.get("notes", [])]
    if scale.get("seconds"):
        per_size = ", ".join(f"N={int(k):,}: {v:.0f} s" for k, v in scale["seconds"].items())
        lines += ["", f"Wall time per size: {per_size} (budget {scale.get('budget_s', 600):.0f} s per size)."]
    return lines


def _scale(results: Sequence[BenchmarkResult], context: dict[str, Any]) -> list[str]:
    table = scale_table(results)
    sizes = sorted({row["corpus_size"] for row in table})
    if len(sizes) <= 1:
        return []
    scale = context.get("scale", {})
    return ["## Scale study", "", *_noise(scale.get("noise", {})), *_profiles(scale.get("profiles", {})),
            *_scale_table(table), *_growth(table, sizes[0], sizes[-1]), *_projection(table, sizes[-1]),
            *_lost(table, context.get("corpus", {}).get("query_top1_cos")), "", *_scale_notes(scale), ""]


def _pareto(real: Sequence[BenchmarkResult]) -> list[str]:
    front = []
    for fam in FAMILY_ORDER:
        pts = sorted((r for r in real if family_of(r) == fam), key=lambda r: (r.latency_ms_p50, -(r.recall_at_10 or 0)))
        best = -1.0
        for r in pts:
            if (r.recall_at_10 or 0) > best:
                front.append(r)
                best = r.recall_at_10 or 0
    return ["## All real-corpus configurations on each family's Pareto front", "",
            "Every configuration is in the Parquet file; here each family's recall/latency frontier.", "",
            *_result_table(front)]


def _method(shipped: BenchmarkResult, corpus: dict[str, Any]) -> list[str]:
    qk = {k: v for k, v in shipped.params.items() if k.startswith("recall@")}
    queries_text = corpus.get("queries") or f"{shipped.params.get('n_queries')} queries"
    by_kind = f"Shipped recall@10 by query kind: {', '.join(f'{k} {v:.4f}' for k, v in qk.items())}." if qk else ""
    return ["", "## Method", "",
            f"- Corpus: {corpus.get('description', f'{shipped.corpus_size:,} real vectors')}.",
            f"- Queries: {queries_text}. " + by_kind,
            "- Ground truth: exact float32 inner product (numpy), vectors unit-norm. Recall@k = mean over queries of "
            "|found top-k ∩ exact top-k| / k, where a found key whose exact similarity ties the k-th "
            f"(within {TIE_EPS:g}) also counts: the minutes repeat boilerplate paragraphs verbatim, so without this "
            "even exact search scores below 1.",
            "- Single-query latency: `time.perf_counter()` around one search call per query (the Python call "
            "included, as the product pays it), after 20 warm-up calls, over >= 200 queries per round, garbage "
            "collector paused; percentiles over all rounds pooled. On the real corpus every configuration is timed "
            f"in {shipped.params.get('rounds', 1)} interleaved rounds in random order.",
            "- Batch throughput: the whole query matrix in one call, repeated for >= 0.2 s.",
            "- Build time: wall time to construct and fill the index with all cores; exact search via "
            "USearch/numpy has no build. Size: bytes of the index file written by `Index.save` / "
            "`faiss.write_index` (for brute force: the raw float32 matrix and keys).",
            "- FAISS HNSW uses efConstruction 128, matching USearch's expansion_add 128; IVF trains on up to 64 "
            "vectors per list; both use inner product (= cosine on unit vectors).",
            ""]


def _slow_openblas(rt: dict[str, Any]) -> list[str]:
    """A note when FAISS's bundled OpenBLAS runs old kernels on this CPU (numpy's may not)."""
    archs = {p["library"]: p.get("architecture") for p in rt.get("thread_pools", []) if p.get("api") == "openblas"}
    faiss_arch = next((a for lib, a in archs.items() if "openblaso" in lib or "faiss" in lib), None)
    numpy_arch = next((a for lib, a in archs.items() if "scipy_openblas" in lib), None)
    if faiss_arch not in SLOW_OPENBLAS_KERNELS:
        return []
    return [f"- FAISS's bundled OpenBLAS runs its {faiss_arch} kernels on this CPU (numpy's OpenBLAS uses "
            f"{numpy_arch}): FAISS's BLAS paths (flat search on batches, IVF training and assignment) run below "
            "the machine's AVX-512 capability, which is why FAISS exact search loses to numpy in batch here. "
            "Setting OPENBLAS_CORETYPE (e.g. SkylakeX) before start would change that; it was left as found."]


def _machine(context: dict[str, Any]) -> list[str]:
    rt = context.get("runtime", {})
    if not rt:
        return []
    pools = "; ".join(f"{p['library']} ({p['api']} {p.get('version') or ''}, arch {p.get('architecture') or '-'}, "
                      f"{p['threads']} threads)" for p in rt.get("thread_pools", []))
    simd = ", ".join(f"{k} {v}" for k, v in rt.get("usearch_hardware_acceleration", {}).items())
    load_end = context.get("load_average_end")
    return ["## Machine and threads", "",
            f"- {rt.get('cores_available')} cores available; builds and batch search use "
            f"{rt.get('threads_batch_and_build')} threads, single-query latency 1 thread for every engine "
            "(FAISS OpenMP and both OpenBLAS pools pinned with threadpoolctl / faiss.omp_set_num_threads).",
            f"- Thread pools found: {pools}.",
            f"- OPENBLAS_CORETYPE: {rt.get('OPENBLAS_CORETYPE') or 'not set'} (left as found; it selects the "
            "OpenBLAS kernel family and so affects FAISS's BLAS-backed paths: IVF training, flat search on "
            "batches of 20+ queries). OMP_NUM_THREADS: " + (rt.get("OMP_NUM_THREADS") or "not set") + ".",
            *_slow_openblas(rt),
            f"- USearch SIMD kernels: {simd}; "
            f"FAISS compiled with {rt.get('faiss_compile_options')}, dispatching {rt.get('faiss_simd_level')}.",
            f"- Versions: Python {rt.get('python')}, numpy {rt.get('numpy')}, usearch {rt.get('usearch')}, "
            f"faiss {rt.get('faiss')}.",
            f"- Load average at start {', '.join(f'{x:.2f}' for x in rt.get('load_average', []))}"
            + (f", at end {', '.join(f'{x:.2f}' for x in load_end)}" if load_end else "")
            + " (other work on the machine shares its cores; the interleaved rounds spread that noise evenly).",
            ""]


def _run_notes(context: dict[str, Any]) -> list[str]:
    lines = []
    if context.get("notes"):
        lines += ["## Notes", ""] + [f"- {n}" for n in context["notes"]] + [""]
    timings = context.get("timings")
    if timings:
        peak = f"; peak memory {fmt_bytes(context['peak_rss_bytes'])}" if context.get("peak_rss_bytes") else ""
        lines += ["## Run", "", ", ".join(f"{k}: {v:.0f} s" for k, v in timings.items()) + peak + ".", ""]
    return lines


def render_markdown(results: Sequence[BenchmarkResult], summary: dict[str, Any], context: dict[str, Any]) -> str:
    """The whole report: the answer, the comparisons, shards, scale, every front, the method and the machine."""
    real = real_rows(results)
    shipped = choose_shipped(results)
    return "\n".join([
        "# ANN index benchmark", "",
        *_answer(results, shipped, summary["check_passed"]),
        *_versus(results, shipped),
        *_head_to_head(real, shipped),
        *_published(real, shipped),
        *_shards(results),
        *_scale(results, context),
        *_pareto(real),
        *_method(shipped, context.get("corpus", {})),
        *_machine(context),
        *_run_notes(context),
    ])
