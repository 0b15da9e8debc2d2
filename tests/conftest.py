import os

from hypothesis import settings

settings.register_profile("doppelnb", max_examples=40, deadline=None, derandomize=True)
# A longer hunt for new failures (fresh random examples each run), e.g. for tests/test_fuzz_api.py:
# HYPOTHESIS_PROFILE=hunt DOPPELNB_FUZZ_SCALE=10 pytest -n 0 tests/test_fuzz_api.py
settings.register_profile("hunt", max_examples=400, deadline=None, derandomize=False,
                          database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "doppelnb"))
