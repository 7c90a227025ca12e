#!/usr/bin/env bash
# `companion` on the Pi's PATH (installed as /usr/local/bin/companion by deploy/install-pi.sh): the venv's command
# line with the service's environment (deploy/companion.service: COMPANION_CONFIG and /etc/companion/environment),
# run as the service's user, so `companion export GAME`, `check-reader`, `doctor`... see the service's own games.
#
# Why as the service's user: the store (/var/lib/companion) belongs to it, and SQLite in WAL mode creates its -wal
# and -shm files as whoever opens the database; files left by the Pi owner or by root could no longer be opened
# by the service. Running as that user keeps every file the service's, and needs no looser permissions.
#
# The paths can be pointed elsewhere (tests, another layout) by COMPANION_CLI_BIN, COMPANION_CLI_CONFIG,
# COMPANION_CLI_ENV_FILE and COMPANION_CLI_USER.
set -euo pipefail

bin="${COMPANION_CLI_BIN:-/opt/companion/.venv/bin/companion}"
config="${COMPANION_CLI_CONFIG:-/etc/companion/config.toml}"
env_file="${COMPANION_CLI_ENV_FILE:-/etc/companion/environment}"
user="${COMPANION_CLI_USER:-companion}"
unset COMPANION_CLI_BIN COMPANION_CLI_CONFIG COMPANION_CLI_ENV_FILE COMPANION_CLI_USER  # not passed on to the command

die() {
    echo "companion: $*" >&2
    exit 2
}

service_env=()
read_environment() {
    # KEY=VALUE lines of a systemd EnvironmentFile into service_env, read as data (never run as shell): comments
    # (# or ;) and blank lines skipped, one pair of surrounding quotes removed. A missing file is no error, as with
    # the unit's "-".
    local line key value
    [ -e "$1" ] || return 0
    [ -r "$1" ] || die "cannot read $1 (the service's environment): run as its owner or with sudo"
    while IFS= read -r line || [ -n "$line" ]; do
        line="${line#"${line%%[![:space:]]*}"}"
        case "$line" in "" | "#"* | ";"*) continue ;; esac
        key="${line%%=*}"
        value="${line#*=}"
        [[ "$line" == *=* && "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "$1: not KEY=VALUE: $line"
        if [[ "$value" =~ ^\"(.*)\"$ || "$value" =~ ^\'(.*)\'$ ]]; then value="${BASH_REMATCH[1]}"; fi
        service_env+=("$key=$value")
    done <"$1"
}

[ -x "$bin" ] || die "$bin is missing: install the service first (bash deploy/install-pi.sh)"
home="$(getent passwd "$user" | cut -d: -f6)" || die "no user $user: install the service first (bash deploy/install-pi.sh)"
read_environment "$env_file"
# The file's lines come last: in systemd, EnvironmentFile= overrides Environment= (the unit's COMPANION_CONFIG).
command=(env "HOME=$home" "COMPANION_CONFIG=$config" "${service_env[@]}" "$bin" "$@")

if [ "$(id -un)" = "$user" ]; then
    exec "${command[@]}"
elif [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null; then
    exec runuser -u "$user" -- "${command[@]}"
elif command -v sudo >/dev/null; then
    exec sudo -u "$user" -- "${command[@]}"
fi
die "run it as $user or root (sudo is not installed): the service's store belongs to $user"
