#!/usr/bin/env bash
# Install (idempotently) and start the companion on its built-in defaults. Extra arguments go to `companion serve`.
# e.g. bash deploy/start.sh --host 0.0.0.0 --port 8731 --data-dir DIR (0.0.0.0: phones on the LAN can connect).
source "$(dirname "$0")/common.sh"
if is_raspberry_pi; then apt_install python3-picamera2 python3-lgpio; fi
make_venv
pip_install ""
exec "$VENV/bin/companion" serve "$@"
