#!/usr/bin/env bash
# Install the project with its development tools and run every check: ruff, mypy, the whole test suite.
source "$(dirname "$0")/common.sh"
apt_install chromium || echo "warning: chromium could not be installed; the browser tests will be skipped" >&2
make_venv
pip_install "[dev]"
cd "$ROOT"
micropython_for_tests || echo "warning: MicroPython (WebAssembly) could not be installed; its check will be skipped" >&2
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
"$VENV/bin/mypy"
exec "$VENV/bin/python" -m pytest "$@"
