"""The minutes' consensus rules (fomc_qa.text.consensus): each row's examples read with its weight, its near misses
do not."""

from __future__ import annotations

import pytest

from fomc_qa.text.consensus import CONSENSUS_RULES, speaks_for

EXAMPLES = [(rule.weight, text) for rule in CONSENSUS_RULES for text in rule.examples]
NEAR_MISSES = [(rule.weight, text) for rule in CONSENSUS_RULES for text in rule.near_misses]


@pytest.mark.parametrize(("weight", "text"), EXAMPLES)
def test_each_example_speaks_for_its_rules_weight(weight, text):
    assert speaks_for(text) == weight


@pytest.mark.parametrize(("weight", "text"), NEAR_MISSES)
def test_no_near_miss_reads_as_its_rules_weight(weight, text):
    assert speaks_for(text) != weight
