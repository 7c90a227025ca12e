#!/usr/bin/env bash
# Install (idempotently) and start the companion on its built-in defaults. Extra arguments go to `companion serve`.
source "$(dirname "$0")/common.sh"
if is_raspberry_pi; then apt_install python3-picamera2 python3-lgpio; fi
make_venv
pip_install ""
exec "$VENV/bin/companion" serve "$@"
