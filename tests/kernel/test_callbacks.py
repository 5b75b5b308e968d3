import functools

import pytest

from mobilegym_env.kernel.callbacks import check_callback, invoke


def module_level(a, b):
    return a + b


class CallableThing:
    def __call__(self, x):
        return x * 2

    def method(self, x):
        return x + 1


def test_accepts_picklable_callables():
    check_callback(module_level)
    check_callback(functools.partial(module_level, 1))
    check_callback(functools.partial(functools.partial(module_level), 1))
    check_callback(CallableThing())
    check_callback(CallableThing().method)
    check_callback(len)


def test_rejects_lambda_local_and_non_callable():
    def local(x):
        return x

    with pytest.raises(ValueError, match="lambda"):
        check_callback(lambda x: x)
    with pytest.raises(ValueError, match="local"):
        check_callback(local)
    with pytest.raises(ValueError, match="lambda"):
        check_callback(functools.partial(lambda a, b: a, 1))
    with pytest.raises(ValueError, match="callable"):
        check_callback(42)


def test_invoke():
    assert invoke(module_level, 2, 3) == 5
    assert invoke(functools.partial(module_level, 10), 1) == 11
    assert invoke(None, 1, 2) is None
