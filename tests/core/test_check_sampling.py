"""``check_sampling``'s cap on ``--samples`` for commands without ``--max-samples`` (the rule the
Differenzler's advise and play-advice wrote out each; issue 50's clean-up of duplicates)."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.core.stats import check_sampling


def test_samples_above_the_cap_are_refused_naming_the_value():
    check_sampling(100, None, 100, samples_at_most=True)  # at the cap: fine
    with pytest.raises(InputError, match=r"--samples must be at most 100, got 101") as e:
        check_sampling(101, None, 100, samples_at_most=True)
    assert e.value.token == "101"


def test_without_the_flag_the_cap_is_the_max_samples_of_ci_only():
    check_sampling(101, None, 100)  # --max-samples bounds --ci's sampling, not --samples
    check_sampling(None, 0.5, 100, samples_at_most=True)  # --ci: nothing to cap
