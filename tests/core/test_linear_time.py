"""No input makes us slow: every reader, the validator, the writers and the searches scale linearly.

Each adversarial input of ``helpers.adversarial`` (runs of blanks, huge attributes and URLs,
one long line, deep nesting, thousands of namespaces, N copies of one URL, of one host, of
one hreflang cluster) is timed at 1 MB and at 4 MB, stage by stage (read, validate, write,
search, the ``validate`` command). Linear work takes about 4 times as long at 4 MB,
quadratic work 16 times; a stage fails above 8. No time is compared with a number of
seconds: only the ratio of two measurements made one after the other, each the best of
up to three runs (a stage is measured again only when its first ratio looks too high), so
a busy machine adds noise, not failures. Stages that take a few milliseconds are measured
with a small allowance added to both sizes, so that their noise cannot look like growth.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.adversarial import CASES, Case
from helpers.scaling import stage_times

SMALL, LARGE = 1 << 20, 4 << 20
#: Linear is 4, quadratic 16.
MAX_RATIO = 8.0
#: Seconds added to both times before dividing: below this, a stage's growth is noise.
ALLOWANCE = 0.02
RUNS = 3

pytestmark = pytest.mark.slow


def _ratio(small: float, large: float) -> float:
    return (large + ALLOWANCE) / (small + ALLOWANCE)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_time_grows_linearly_with_the_input(case: Case, tmp_path: Path) -> None:
    small = stage_times(case, SMALL, tmp_path / "small", runs=1)
    large = stage_times(case, LARGE, tmp_path / "large", runs=1)
    assert small.keys() == large.keys(), "a size was refused that the other was not"
    for _ in range(RUNS - 1):
        if all(_ratio(small[s], large[s]) <= MAX_RATIO for s in small):
            break
        # Measure again and keep the best of each: a busy moment should not fail the test.
        for best, size, name in ((small, SMALL, "small"), (large, LARGE, "large")):
            again = stage_times(case, size, tmp_path / name, runs=1)
            for stage, seconds in again.items():
                best[stage] = min(best[stage], seconds)
    report = ", ".join(f"{stage} {small[stage]:.3f}s -> {large[stage]:.3f}s "
                       f"(x{_ratio(small[stage], large[stage]):.1f})" for stage in small)
    slow = [stage for stage in small if _ratio(small[stage], large[stage]) > MAX_RATIO]
    assert not slow, f"{case.name}: 4x the input takes more than {MAX_RATIO:g}x the time " \
                     f"in {', '.join(slow)}: {report}"
