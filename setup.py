"""Maps the top-level apps/, tasks/ and wrappers/ folders into the mobilegym_env namespace.

Each folder becomes ``mobilegym_env.<folder>`` (never a top-level ``apps`` or ``tasks`` package),
and every sub-package below it is found automatically, so adding an app or a task suite is adding
a folder.
"""

from setuptools import find_packages, setup

MAPPED = ("apps", "tasks", "wrappers")

packages = ["mobilegym_env", *(f"mobilegym_env.{p}" for p in find_packages("mobilegym_env"))]
package_dir = {"mobilegym_env": "mobilegym_env"}
for folder in MAPPED:
    packages.append(f"mobilegym_env.{folder}")
    package_dir[f"mobilegym_env.{folder}"] = folder
    for sub in find_packages(folder):
        packages.append(f"mobilegym_env.{folder}.{sub}")

setup(packages=packages, package_dir=package_dir)
