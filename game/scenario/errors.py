"""Errors for untrusted scenario files."""


class ScenarioError(ValueError):
    """A scenario file that cannot be used: the message names the file, the key and the fault."""
