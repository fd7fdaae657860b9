"""The ANN benchmark: USearch HNSW vs FAISS vs exact search on the real corpus and on synthetic corpora at scale."""
