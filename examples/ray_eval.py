import ray
from mobilegym_env import evaluate

ray.init()   # or ray.init(address="ray://head:10001")
result = evaluate(["oracle", "random"], tasks=["launcher"], episodes=3, k=[3], backend="ray")
print(result.summary["agents"]["oracle"]["overall"]["success_rate"])   # 1.0
ray.shutdown()
