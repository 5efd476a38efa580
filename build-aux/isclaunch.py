# build-aux/isclaunch.py: launching Inferscope under Xvfb for the scripts
# beside it (bench-window, screenshots), with a private home and settings,
# and reading what INFERSCOPE_TRACE makes the window say.
#
# Copyright 2026 The Inferscope authors
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import select
import signal
import subprocess
import sys
import time


def start_xvfb():
    for n in range(90, 140):
        if not os.path.exists(f"/tmp/.X{n}-lock"):
            proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                    return proc, f":{n}"
                time.sleep(0.05)
            proc.kill()
    sys.exit("bench-window: could not start Xvfb")


def environment(builddir, display, home, settings=None, extra=None):
    env = dict(os.environ)
    for d in ("config", "cache", "data", "state", "runtime"):
        os.makedirs(os.path.join(home, d), mode=0o700, exist_ok=True)
    env.update({
        "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo",
        "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"), "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_STATE_HOME": os.path.join(home, "state"), "XDG_RUNTIME_DIR": os.path.join(home, "runtime"),
        "GSETTINGS_BACKEND": "keyfile", "GSETTINGS_SCHEMA_DIR": os.path.join(builddir, "data"),
        "SECRET_BACKEND": "file", "SECRET_FILE_TEST_PATH": os.path.join(home, "keyring"),
        "SECRET_FILE_TEST_PASSWORD": "bench", "BASETEN_API_KEY": "",
        "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/inferscope-bench-bus",
        "NO_AT_BRIDGE": "1", "INFERSCOPE_TRACE": "1",
    })
    if settings:
        kf = os.path.join(home, "config", "glib-2.0", "settings")
        os.makedirs(kf, exist_ok=True)
        with open(os.path.join(kf, "keyfile"), "w") as f:
            f.write("[io/github/inferscope/Inferscope]\n")
            for key, value in settings.items():
                f.write(f"{key}={value}\n")
    if extra:
        env.update(extra)
    return env


def proc_cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def proc_switches(pid):
    """Context switches of every thread of pid: how often it woke."""
    n = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        n += int(line.split()[1])
        except FileNotFoundError:
            pass
    return n


def proc_status(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


class Launch:
    def __init__(self, argv, env):
        self.t0 = time.time()
        self.proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.buf = b""
        self.frames = 0

    def lines(self, until):
        """Yields trace lines until the time `until` (wall clock)."""
        fd = self.proc.stderr.fileno()
        while True:
            left = until - time.time()
            if left <= 0:
                return
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                return
            chunk = os.read(fd, 65536)
            if not chunk:
                return
            self.buf += chunk
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                yield line.decode(errors="replace")

    def wait_for(self, word, timeout=30.0):
        for line in self.lines(time.time() + timeout):
            m = re.match(r"inferscope-trace: (\S+) (\d+)", line)
            if m and m.group(1) == word:
                return (int(m.group(2)) / 1e6 - self.t0) * 1000.0
        return None

    def count_frames(self, seconds):
        n = 0
        for line in self.lines(time.time() + seconds):
            if line.startswith("inferscope-trace: frame"):
                n += 1
        return n

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


