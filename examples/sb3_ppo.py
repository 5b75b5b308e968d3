import gymnasium as gym
import numpy as np
import mobilegym_env
from mobilegym_env.wrappers import DiscreteActions, InstructionObservation
from stable_baselines3 import PPO

env = gym.make("MobileGym-v0", task="launcher.open_app")
small = gym.spaces.Box(0, 255, (100, 45, 3), np.uint8)   # every 8th pixel: cheap to learn from
env = gym.wrappers.TransformObservation(env, lambda frame: frame[::8, ::8], small)
env = DiscreteActions(env, grid=(4, 8), keys=("home", "back"))
env = InstructionObservation(env, max_tokens=8, vocab_size=64, text=False)
model = PPO("MultiInputPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=0)
model.learn(total_timesteps=128)
print(model.num_timesteps)   # 128
