"""deploy/companion-cli.sh, the Pi's `companion` on PATH: the venv's command line with the service's config,
EnvironmentFile and user, so the owner's commands read the service's games (run here with its paths in a temp dir)."""

from __future__ import annotations

import getpass
import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WRAPPER = ROOT / "deploy" / "companion-cli.sh"
VENV_COMPANION = Path(sys.executable).with_name("companion")


def run(tmp_path: Path, *args: str, bin: Path = VENV_COMPANION, **env: str) -> subprocess.CompletedProcess[str]:
    """The wrapper run as the current user, pointed at tmp_path's config and environment file."""
    variables = {
        "PATH": os.environ["PATH"],
        "COMPANION_CLI_BIN": str(bin),
        "COMPANION_CLI_CONFIG": str(tmp_path / "config.toml"),
        "COMPANION_CLI_ENV_FILE": str(tmp_path / "environment"),
        "COMPANION_CLI_USER": getpass.getuser(),
        **env,
    }
    return subprocess.run(
        ["bash", str(WRAPPER), *args], env=variables, capture_output=True, text=True, timeout=60, check=False
    )


def printing_env(tmp_path: Path) -> Path:
    """A stand-in for the venv's companion that prints its arguments and the COMPANION_ variables it was given."""
    fake = tmp_path / "fake-companion"
    fake.write_text('#!/bin/sh\necho "args: $*"\necho "home: $HOME"\nenv | grep "^COMPANION_" | sort\n')
    fake.chmod(0o755)
    return fake


def test_config_show_through_the_wrapper_reports_the_services_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "var-lib-companion"
    (tmp_path / "config.toml").write_text("[server]\nport = 8400\n")
    (tmp_path / "environment").write_text(f"# the installer's line\nCOMPANION_DATA__DIR={data}\n")
    shown = run(tmp_path, "config", "show")
    assert shown.returncode == 0, shown.stderr
    assert f"# config file: {tmp_path / 'config.toml'}" in shown.stdout
    assert f'data.dir = "{data}"    # env:COMPANION_DATA__DIR' in shown.stdout
    assert ".local/share/companion" not in shown.stdout


def test_the_environment_file_is_read_as_data_like_systemd_reads_it(tmp_path: Path) -> None:
    (tmp_path / "environment").write_text(
        "\n; a comment\n  COMPANION_SERVER__PORT=9001\n"
        "COMPANION_LOG__LEVEL=\"DEBUG\"\nCOMPANION_CAMERA__SOURCE='off'\n"
        "COMPANION_DATA__DIR=$(touch pwned)/x\nCOMPANION_CONFIG=/elsewhere.toml\n"
    )
    shown = run(tmp_path, "export", "g 1", bin=printing_env(tmp_path), HOME="/nowhere")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    # HOME is the user's home from the password database, as systemd sets it
    assert lines[0] == "args: export g 1"
    assert lines[1] == f"home: {pwd.getpwnam(getpass.getuser()).pw_dir}"
    assert "COMPANION_SERVER__PORT=9001" in lines
    assert "COMPANION_LOG__LEVEL=DEBUG" in lines
    assert "COMPANION_CAMERA__SOURCE=off" in lines
    assert "COMPANION_DATA__DIR=$(touch pwned)/x" in lines  # never run as shell
    assert "COMPANION_CONFIG=/elsewhere.toml" in lines  # EnvironmentFile= overrides the unit's Environment=
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_without_an_environment_file_the_units_config_alone_is_given(tmp_path: Path) -> None:
    shown = run(tmp_path, "doctor", bin=printing_env(tmp_path))
    assert shown.returncode == 0, shown.stderr
    assert [line for line in shown.stdout.splitlines() if line.startswith("COMPANION_")] == [
        f"COMPANION_CONFIG={tmp_path / 'config.toml'}"
    ]


@pytest.mark.parametrize(
    ("environment", "said"),
    [("not a pair\n", "not KEY=VALUE: not a pair"), ("1BAD=x\n", "not KEY=VALUE: 1BAD=x")],
)
def test_a_malformed_environment_line_is_named_and_nothing_runs(tmp_path: Path, environment: str, said: str) -> None:
    (tmp_path / "environment").write_text(environment)
    shown = run(tmp_path, "doctor", bin=printing_env(tmp_path))
    assert shown.returncode == 2
    assert said in shown.stderr and str(tmp_path / "environment") in shown.stderr
    assert shown.stdout == ""


def test_a_missing_install_is_named(tmp_path: Path) -> None:
    shown = run(tmp_path, "doctor", bin=tmp_path / "no-venv" / "companion")
    assert shown.returncode == 2
    assert f"{tmp_path / 'no-venv' / 'companion'} is missing" in shown.stderr
    assert "deploy/install-pi.sh" in shown.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="the root branch: runs only as root")
def test_root_runs_the_command_as_the_services_user(tmp_path: Path) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    runuser = tools / "runuser"  # records how it was asked, then runs the command as this user
    runuser.write_text(f'#!/bin/sh\necho "$@" > {tmp_path / "asked"}\nshift 3\nexec "$@"\n')
    runuser.chmod(0o755)
    shown = run(
        tmp_path, "export", "g", bin=printing_env(tmp_path), COMPANION_CLI_USER="nobody", PATH=f"{tools}:/usr/bin:/bin"
    )
    assert shown.returncode == 0, shown.stderr
    assert (tmp_path / "asked").read_text().startswith("-u nobody -- env HOME=")
    assert "args: export g" in shown.stdout


def test_the_pi_installer_puts_the_wrapper_on_path_and_checks_the_store_as_the_service() -> None:
    script = (ROOT / "deploy" / "install-pi.sh").read_text()
    assert 'as_root install -m 0755 "$SRC/deploy/companion-cli.sh" /usr/local/bin/companion' in script
    assert "as_root /usr/local/bin/companion doctor --open" in script
    assert script.index("install -m 0755") < script.index("/usr/local/bin/companion doctor")
    assert '.venv/bin/companion" --config' not in script  # root would open the store as root


def test_the_readme_tells_the_pi_owner_how_to_reach_the_services_games() -> None:
    readme = (ROOT / "README.md").read_text()
    pi = readme[readme.index("## Installing on a Raspberry Pi") : readme.index("## Layout")]
    assert "/usr/local/bin/companion" in pi
    assert "companion export" in pi
    assert "/var/lib/companion/examples" in pi
    assert readme.splitlines()[2:6] == [
        "```sh",
        "bash deploy/start.sh    # installs (idempotently) and starts the service on its built-in defaults: "
        "http://127.0.0.1:8321/",
        "bash deploy/test.sh     # installs the project with its development tools and runs ruff, mypy and the "
        "whole test suite",
        "```",
    ]


@pytest.mark.parametrize("script", ["companion-cli.sh", "install-pi.sh"])
def test_the_deploy_scripts_parse(script: str) -> None:
    assert subprocess.run(["bash", "-n", str(ROOT / "deploy" / script)], check=False).returncode == 0
