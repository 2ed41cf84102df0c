"""A command run without its extra says what to add, read from aseb's own metadata: the extra's
packages, which are on PyPI, never aseb itself, which is on no package index."""

from __future__ import annotations

import pytest

from firmware import words
from firmware.words.extras import for_this_python, needs, packages


def test_an_extra_names_its_packages_with_the_versions_it_allows() -> None:
    assert packages("far")[:2] == ("'paho-mqtt>=2.1'", "'spake2>=0.9'")
    assert "'magpylib>=5'" in packages("physics")


def test_an_extra_built_on_another_names_both_packages() -> None:
    assert set(packages("card")) < set(packages("kit"))
    assert any(name.startswith("'schemdraw") for name in packages("kit"))


def test_a_package_for_other_pythons_only_is_left_out() -> None:
    assert for_this_python('x; extra == "card"')
    assert not for_this_python('x; python_version < "3.0" and extra == "card"')
    assert for_this_python('x; python_version >= "3.11" and extra == "card"')


def test_the_line_says_how_to_add_the_extra_and_never_to_install_aseb_by_name() -> None:
    line = needs("aseb web", "web", ImportError("No module named 'starlette'"))
    assert line == ("aseb web needs the web extra (No module named 'starlette'): add it with "
                    "pipx inject aseb 'starlette>=0.37' 'uvicorn>=0.29' 'jinja2>=3.1' "
                    "'itsdangerous>=2.1' 'python-multipart>=0.0.9' 'prometheus-client>=0.20' "
                    "'babel>=2.12', or pip install 'starlette>=0.37' 'uvicorn>=0.29' "
                    "'jinja2>=3.1' 'itsdangerous>=2.1' 'python-multipart>=0.0.9' "
                    "'prometheus-client>=0.20' 'babel>=2.12' in aseb's environment")
    assert "aseb[" not in line


@pytest.mark.parametrize("language", ["de", "ar"])
def test_the_line_is_said_in_the_persons_language(language: str) -> None:
    words.use(language)
    line = needs("aseb web", "web", "x")
    assert "needs" not in line and "pipx inject aseb 'starlette>=0.37'" in line
