import os

from hypothesis import settings

settings.register_profile("doppelnb", max_examples=40, deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "doppelnb"))
