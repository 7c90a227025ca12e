"""The shared modules under real MicroPython (its WebAssembly port on Node), frame for frame as CPython.

Skipped unless MICROPYTHON_MJS points at micropython.mjs from the npm package
@micropython/micropython-webassembly-pyscript and `node` is on PATH; deploy/test.sh installs it and sets it where
npm is found (see PROTOCOL.md, "Checking").
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import firmware_bridge
from firmware_bridge import codec

PACKAGE = Path(firmware_bridge.__file__).parent
SHARED = ("codec", "device_core", "render", "debounce")
MJS = os.environ.get("MICROPYTHON_MJS", "")

RUNNER = """
import { loadMicroPython } from %s;
import fs from 'fs';
let out = '';
const mp = await loadMicroPython({ stdout: (t) => { out += t + '\\n'; }, stderr: (t) => { out += t + '\\n'; } });
for (const name of %s) {
  mp.FS.writeFile('/' + name + '.py', fs.readFileSync(%s + '/' + name + '.py'));
}
try { mp.runPython(fs.readFileSync(process.argv[2], 'utf8')); } catch (e) { out += 'EXC ' + e + '\\n'; }
process.stdout.write(out);
"""

SCRIPT = """
import sys
sys.path.append("/")
import codec, device_core, render, debounce
print(sys.implementation.name)
messages = [codec.Hello(), codec.Welcome(1, 0xDEADBEEF, 65535, 24, "pico-1.0"), codec.Ping(7),
    codec.Pong(42, 3), codec.Leds(3, ((0, 0, 0), (1, 2, 3)), 0, True, "reading", "allowed", 64),
    codec.LedsAck(5), codec.Button(65535, 65530, "confirm"), codec.ButtonAck(9)]
for message in messages:
    frame = codec.encode_frame(message)
    assert codec.FrameDecoder().feed(b"\\x13junk" + frame) == [message]
    print(frame.hex())
core = device_core.DeviceCore("fw", 8, 77)
core.press("confirm", 0)
print(core.receive(codec.encode_frame(codec.Hello()), 10).hex())
print(render.render(messages[4], 8, 100))
print("OK")
"""

EXPECTED_MESSAGES = [
    codec.Hello(),
    codec.Welcome(1, 0xDEADBEEF, 65535, 24, "pico-1.0"),
    codec.Ping(7),
    codec.Pong(42, 3),
    codec.Leds(3, ((0, 0, 0), (1, 2, 3)), 0, True, "reading", "allowed", 64),
    codec.LedsAck(5),
    codec.Button(65535, 65530, "confirm"),
    codec.ButtonAck(9),
]


@pytest.mark.skipif(not (MJS and Path(MJS).is_file() and shutil.which("node")), reason="MicroPython not set up")
def test_shared_modules_run_under_micropython_and_match_cpython(tmp_path: Path) -> None:
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER % (json.dumps(Path(MJS).as_uri()), json.dumps(SHARED), json.dumps(str(PACKAGE))))
    script = tmp_path / "check.py"
    script.write_text(SCRIPT)
    result = subprocess.run(["node", str(runner), str(script)], capture_output=True, text=True, timeout=60)
    lines = result.stdout.splitlines()
    assert lines[0] == "micropython" and lines[-1] == "OK", result.stdout + result.stderr
    assert lines[1:9] == [codec.encode_frame(message).hex() for message in EXPECTED_MESSAGES]
