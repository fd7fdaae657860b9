"""From a question to ranked chunks: filters read off the question (dates, document types, sections)
and the hybrid retriever."""
