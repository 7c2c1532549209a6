"""PRE-*: the contract suite (suite.py) over every preset the registry lists; nothing here names one."""

from __future__ import annotations

import pytest

from .suite import CHECKS, contract_names


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", contract_names())
def test_pre_contract(name, check):
    check(name)
