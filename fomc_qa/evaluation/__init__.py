"""Golden questions, retrieval and answer metrics, and the summary report."""
