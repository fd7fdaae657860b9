"""From a question and passages to a cited Answer: the DSPy program, the LM choice and the offline
extractive reader, the session that wires them."""
