"""Text primitives shared by the pipeline and the read side: the sentence splitter, BM25's tokens and
stemmer, the Fed glossary. Imports nothing else of fomc_qa."""
