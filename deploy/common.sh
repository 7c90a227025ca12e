# Shared helpers of the deploy scripts (sourced, not run).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${COMPANION_VENV:-$ROOT/.venv}"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        echo "need root for: $*" >&2; return 1; fi
}

apt_install() {
    # Install Debian packages that are missing; apt-get update once per run.
    local missing=()
    for pkg in "$@"; do dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null || { echo "not a Debian system: please install ${missing[*]}" >&2; return 1; }
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}"
}

is_raspberry_pi() {
    grep -qs "Raspberry Pi" /proc/device-tree/model
}

python_ok() {
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null
}

make_venv() {
    # A venv for the project; on a Pi it sees apt's picamera2 and lgpio (--system-site-packages).
    python_ok || { echo "Python 3.11 or newer is needed (python3 is $(python3 -V 2>&1))" >&2; exit 1; }
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then apt_install python3-venv; fi
    if [ ! -x "$VENV/bin/python" ]; then
        local flags=()
        is_raspberry_pi && flags+=(--system-site-packages)
        python3 -m venv "${flags[@]}" "$VENV"
    fi
    "$VENV/bin/python" -m pip install -q --upgrade pip
}

pip_install() {
    # The project itself (editable) with the given extras, pinned by the Pi constraints on a Pi and by
    # deploy/constraints.txt (the OpenCV the reader was measured with) elsewhere.
    local spec="$ROOT$1"
    local flags=(-c "$ROOT/deploy/constraints.txt")
    is_raspberry_pi && flags=(-c "$ROOT/deploy/constraints-pi.txt")
    "$VENV/bin/python" -m pip install -q "${flags[@]}" -e "$spec"
}

MICROPYTHON_PACKAGE="@micropython/micropython-webassembly-pyscript@1.27.0"

micropython_for_tests() {
    # MicroPython's WebAssembly port (npm), beside the venv, for the firmware's shared modules to be checked under
    # real MicroPython (tests/test_bridge_micropython.py); MICROPYTHON_MJS already set is left alone.
    [ -n "${MICROPYTHON_MJS:-}" ] && return 0
    command -v node >/dev/null && command -v npm >/dev/null || return 1
    local dir="$VENV/micropython"
    local mjs="$dir/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
    if [ ! -f "$mjs" ]; then
        mkdir -p "$dir"
        npm install --silent --no-audit --no-fund --prefix "$dir" "$MICROPYTHON_PACKAGE" >/dev/null || return 1
    fi
    export MICROPYTHON_MJS="$mjs"
}
