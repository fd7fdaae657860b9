"""The ANN benchmark: USearch HNSW vs FAISS vs exact search on the real corpus and on synthetic corpora at scale.

One module per concern, in dependency order:
- `runtime`: cores, thread pools, SIMD paths, peak memory, the time box (`OverBudget`);
- `ground_truth`: exact neighbours and tie-aware recall;
- `searchers`: the indexes behind one interface (`Searcher`), `Family`, and how rows are named;
- `choose`: the shipped configuration, its rivals at matched recall, the summary;
- `sweep`: the grids and the measurement of every (build, search setting);
- `shards`: per-meeting shards searched together vs one merged index;
- `synthetic`: corpora grown from the real vectors; `scale`: the time-boxed scale study;
- `markdown`, `plot`, `report`: the report files (names defined once in `report`);
- `warehouse`: what the pipeline materialized; `study`: `run_study(paths, options) -> StudyReport`,
  the one entry point of the asset, the CLI and the script.
"""
