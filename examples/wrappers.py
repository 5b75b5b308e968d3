import gymnasium as gym
import mobilegym_env
from mobilegym_env.wrappers import DiscreteActions, InstructionObservation, ProgressReward

env = gym.make("MobileGym-v0", task="launcher.open_app")
env = gym.wrappers.GrayscaleObservation(env, keep_dim=True)
env = gym.wrappers.FrameStackObservation(env, stack_size=2)
env = DiscreteActions(env, grid=(4, 7), region=(0, 0.2, 1, 1), keys=("home",))
env = InstructionObservation(env, max_tokens=8, text=False)
env = ProgressReward(env)
obs, info = env.reset(seed=0)
print(obs["frame"].shape, obs["tokens"].shape, env.action_space)   # (2, 800, 360, 1) (8,) Discrete(33)
