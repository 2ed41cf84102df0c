"""The Play page built once for the browser tests (as ``make docs`` builds it, without the rest of
the site) and served as a static host serves it. Without Pyodide installed (``make test``
installs it with npm), the tests that need the page are skipped, saying why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.sim.browser.site import Site, served


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the page in ``app/``."""
    from sim.browser.build import BuildError, build

    folder = tmp_path_factory.mktemp("site")
    try:
        build(folder / "app", fetch=False)
    except BuildError as exc:
        pytest.skip(f"the Play page cannot be built here: {exc}")
    return folder


@pytest.fixture
def site(built: Path) -> Iterator[Site]:
    """The page served afresh for one test (a test may stop it: the network gone)."""
    with served(built) as found:
        yield found


@pytest.fixture(scope="session")
def built_with_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the page in ``app/`` with a solved table published beside it (a
    two-piece one, made in a second: the page's five-piece games then play it as the Vizier,
    but it is fetched, kept and handed to Neferkaptah as Tait's own would be)."""
    from sim.browser.build import BuildError, build
    from tests.solved import TWO, table_directory

    folder = tmp_path_factory.mktemp("site-table")
    try:
        build(folder / "app", fetch=False, table=table_directory(), table_rules=TWO)
    except BuildError as exc:
        pytest.skip(f"the Play page cannot be built here: {exc}")
    return folder
