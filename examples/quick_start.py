import gymnasium as gym
import mobilegym_env
from mobilegym_env import actions as A, oracle as O

env = gym.make("MobileGym-v0", task="launcher.open_app", render_mode="rgb_array")
obs, info = env.reset(seed=0)          # obs: uint8 (800, 360, 3)
print(info["instruction"])             # Open the Files app.  (the phone shows Gallery)
obs, reward, terminated, truncated, info = env.step(A.home())
device = env.unwrapped.device          # an agent reading the screen's UI tree:
icon = next(n for n in device.ui_tree() if n["role"] == "app_icon" and n["text"] == "Files")
obs, reward, terminated, truncated, info = env.step(A.tap(*O.center(device, icon)))
print(reward, terminated, info["success"], info["clean"])   # 1.0 True True True
