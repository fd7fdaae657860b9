"""The release brief of one meeting: decision, rates, vote, balance sheet and the redline against the previous
statement, every item cited to its chunk, from the policy record and the chunks alone (`release_brief`)."""
