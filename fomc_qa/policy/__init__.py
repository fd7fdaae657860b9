"""The policy record: typed facts per meeting (decision, ranges, rates, votes, statement roles) and the
timeline over all meetings, read by the answers to span questions (current, counts, first/last, evolution)."""
