"""The zoo's known gaps, each an expected failure that must stay failing until it is fixed
(strict: a gap that closes fails the run until it is taken off this list)."""
import pytest

KNOWN_GAPS = {
    # two halves separated only by a wide gap: the running text reads two games side by
    # side, and the engine's whole reading does not yet replace them in every case
    "test_a_random_game_reads_back_in_every_layout[halves with a gap-0]",
    "test_a_random_game_reads_back_in_every_layout[halves with a gap-1]",
    # a paragraph whose line breaks fall where a move's number is read as a square's rank
    "test_a_random_game_reads_back_in_every_layout[paragraph-1]",
    # a study whose solution starts with Black to move ("1. ... P-Kt4")
    *(f"test_a_study_drawn_in_a_frame_reads_from_its_diagram[black at the {side}-{style}-1]"
      for side in ("top", "bottom") for style in ("two letters", "one letter", "marks")),
    # a misprint inside a table the engine reads: no whole reading, and the running text
    # finds no game there either, so the misprint goes unreported
    *(f"test_a_misprint_is_flagged_at_its_line[{layout}-{seed}]"
      for layout in ("halves with a rule", "fractions numbered") for seed in range(3)),
}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.name in KNOWN_GAPS:
            item.add_marker(pytest.mark.xfail(reason="a known gap of the chess layout zoo",
                                              strict=True))
