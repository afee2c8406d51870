"""Fixtures of the RL tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def one_torch_thread():
    """Torch on one thread for the test (the test command runs two workers on two cores), the
    previous count restored after. Imports torch: only the training tests ask for it."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
