"""Task suites: one module per suite, each with task classes (judge + oracle).

Every ``Task`` subclass with a ``suite`` and ``name`` in a module here is registered
automatically as ``"<suite>.<name>"``.
"""
