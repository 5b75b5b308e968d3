import gymnasium as gym
import mobilegym_env
from mobilegym_env import actions as A
from mobilegym_env.wrappers import DiscreteActions, batch_actions, make_vec

if __name__ == "__main__":   # async workers may import this file (spawn, forkserver)
    envs = gym.make_vec("MobileGym-v0", num_envs=2, vectorization_mode="async",
                        task="launcher")
    obs, infos = envs.reset(seed=0)
    obs, rewards, terminated, truncated, infos = envs.step(batch_actions([A.home(), A.done()]))
    print(obs.shape, terminated)   # (2, 800, 360, 3) [False  True]
    envs.close()

    envs = make_vec(["launcher.open_app", "notes.*", "settings"], wrappers=[DiscreteActions])
    obs, infos = envs.reset(seed=0)
    print(infos["task_id"][0], envs.action_space)   # launcher.open_app MultiDiscrete([39 39 39])
    envs.close()
