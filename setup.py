"""Packaging layout (the metadata is in pyproject.toml).

The read-only folders live at the top of the repository (``assets/``, ``tutorials/``,
``saves/``) and are mapped into the package as data-only subpackages, so a wheel, an
sdist and an editable install all carry them: ``game/_assets``, ``game/_tutorials``,
``game/_saves`` in an installed wheel. :mod:`game.resources` finds them.
"""

from setuptools import find_packages, setup

RESOURCE_PACKAGES = {"game._assets": "assets", "game._tutorials": "tutorials", "game._saves": "saves"}
"""Data-only subpackages of ``game`` and the repository folder each one is built from."""

setup(
    packages=[*find_packages(include=["game", "game.*"]), *RESOURCE_PACKAGES],
    package_dir=RESOURCE_PACKAGES,
    package_data={
        "game": ["py.typed", "core/data/*.bin"],
        **{name: ["**/*"] for name in RESOURCE_PACKAGES},
    },
)
