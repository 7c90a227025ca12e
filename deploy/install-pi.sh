#!/usr/bin/env bash
# Install the companion as a system service on Raspberry Pi OS bookworm (run from a clone, as a sudoer).
# Idempotent: run it again after `git pull` to update.
set -euo pipefail
SRC="$(cd "$(dirname "$0")/.." && pwd)"
DEST=/opt/companion
source "$SRC/deploy/common.sh"

apt_install python3-venv python3-picamera2 python3-lgpio rsync
id companion >/dev/null 2>&1 || as_root useradd --system --home-dir /var/lib/companion --create-home \
    --groups video,gpio,dialout companion
as_root mkdir -p "$DEST" /etc/companion
as_root rsync -a --delete --exclude .venv --exclude .git "$SRC/" "$DEST/"
as_root chown -R companion:companion "$DEST"
[ -f /etc/companion/config.toml ] || as_root cp "$SRC/deploy/config.example.toml" /etc/companion/config.toml
[ -f /etc/companion/environment ] || echo "COMPANION_DATA__DIR=/var/lib/companion" | as_root tee /etc/companion/environment >/dev/null
# The venv sees apt's picamera2 and lgpio (--system-site-packages, chosen by common.sh on a Pi).
as_root env COMPANION_VENV="$DEST/.venv" bash -c "source $DEST/deploy/common.sh; make_venv; pip_install ''"
as_root chown -R companion:companion "$DEST"
# `companion` on PATH: the venv's command line with the service's config, environment and user (see the script).
as_root install -m 0755 "$SRC/deploy/companion-cli.sh" /usr/local/bin/companion
as_root cp "$SRC/deploy/99-companion-microcontroller.rules" /etc/udev/rules.d/
as_root udevadm control --reload-rules && as_root udevadm trigger || true
as_root cp "$SRC/deploy/companion.service" /etc/systemd/system/companion.service
as_root systemctl daemon-reload
# An update replaces the files under a running service: stop it, so the check below finds the camera and the
# microcontroller free, then start the new code (enable --now would leave the old process running).
as_root systemctl stop companion.service 2>/dev/null || true
# Open the camera and the microcontroller once and say whether they answer, as the service would (its user: a store
# first opened by root would leave files the service cannot write).
as_root /usr/local/bin/companion doctor --open || true
as_root systemctl enable companion.service
as_root systemctl restart companion.service
echo "companion installed: journalctl -u companion -f ; dashboard on port 8321; \`companion --help\` for its command line"
