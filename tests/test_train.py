"""Stable-Baselines3 on MobileGym: the training script's env passes SB3's checker and learns."""

from __future__ import annotations

import pytest

import mobilegym_env


@pytest.fixture(autouse=True)
def _forget_the_pinned_task():
    """The script registers ``ppo.open_app``; other tests in this process list every task."""
    yield
    if "ppo.open_app" in mobilegym_env.list_tasks():
        mobilegym_env.unregister_task("ppo.open_app")


def test_training_env_spaces_and_random_baseline_are_deterministic(bench_script):
    train = bench_script("train_ppo")
    icons = train.launcher_icons()
    assert len(icons) == 6  # the pinned six-app phone: five on the grid, Messages in the dock
    env = train.make_env(icons=icons)
    obs, _ = env.reset(seed=0)
    assert set(obs) == {"frame", "tokens"} and obs["frame"].shape == (100, 45, 3)
    assert env.observation_space.contains(obs) and env.action_space.n == 6 + 1 + 2
    policy = train.random_policy(env.action_space.n)
    rates = [train.success_rate(policy, 6, seed=40, env=env) for _ in range(2)]
    assert rates[0] == rates[1] and 0 <= rates[0] <= 1


def test_training_script_refuses_bad_arguments(bench_script):
    train = bench_script("train_ppo")
    with pytest.raises(SystemExit):
        train.main(["--steps", "0"])


def test_ppo_learns_a_few_hundred_steps(bench_script):
    pytest.importorskip("stable_baselines3", reason='SB3 is in the train extra: '
                                                    'pip install -e ".[train]"')
    import torch
    from stable_baselines3 import PPO
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env

    train = bench_script("train_ppo")
    check_env(train.make_env(), warn=True)
    torch.set_num_threads(1)
    venv = make_vec_env(train.make_env, n_envs=2, seed=0)
    model = PPO("MultiInputPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs = venv.reset()
    action, _ = model.predict(obs, deterministic=True)
    assert action.shape == (2,) and all(0 <= a < venv.action_space.n for a in action)


def test_plot_from_saved_curves(tmp_path, bench_script):
    pytest.importorskip("matplotlib", reason="--plot needs matplotlib")
    import json

    train = bench_script("train_ppo")
    runs = []
    for seed in (0, 1):
        result = {"task": "ppo.open_app", "seed": seed, "eval_episodes": 10,
                  "random_success": 0.1,
                  "curve": [{"steps": 0, "success": 0.0}, {"steps": 5000, "success": 0.9}]}
        runs.append(tmp_path / f"seed{seed}.json")
        runs[-1].write_text(json.dumps(result))
    png = tmp_path / "curve.png"
    train.main(["--plot-from", *map(str, runs), "--plot", str(png)])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SystemExit):
        train.main(["--plot-from", str(runs[0])])
