"""The index file format, both sides: Parquet tables, embeddings and their cache, the USearch shards
and BM25 (writer.py writes them, store.py reads them)."""
