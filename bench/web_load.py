"""Load test of ``dealer serve`` (not part of the suite): simulated trainees dealing hands.

Starts ``dealer serve`` on a free loopback port with a fresh progress database, then runs
``--trainees`` threads (50) for ``--seconds`` (60). Each trainee opens sessions of three hands
(normal and mishap drills in turn, Learn mode on so it knows the correct step), deals every step,
and now and then sends a step it knows to be wrong. It checks that every answer is for its own
session and trainee, that a wrong step is refused (409) and a right one accepted, and at each
session's end that the server's score counts exactly its own right and wrong steps (no session
mixing). The server's memory (RSS) is sampled every few seconds. It prints the errors, the
mixing found, the memory samples and the requests per second.

    python bench/web_load.py [--trainees 50] [--seconds 60]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Tally:
    requests: int = 0
    sessions: int = 0
    hands: int = 0
    errors: list[str] = field(default_factory=list)
    mixing: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, requests: int, sessions: int, hands: int) -> None:
        with self.lock:
            self.requests += requests
            self.sessions += sessions
            self.hands += hands


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Trainee:
    def __init__(self, number: int, port: int, tally: Tally, stop: float) -> None:
        self.name = f"trainee-{number:02d}"
        self.rng = random.Random(number)
        self.tally, self.stop = tally, stop
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        # As a browser does: no Nagle's algorithm on the client's socket. http.client writes a
        # request's head and body apart; with Nagle on, the body would wait for the server's
        # delayed ACK (some 40 ms a request, whatever the server does).
        self.connection.connect()
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.requests = 0

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = json.loads(response.read() or b"{}")
        self.requests += 1
        return response.status, payload

    def check(self, state: dict[str, Any], sid: str) -> None:
        if state.get("id") != sid or state.get("trainee") != self.name:
            self.tally.mixing.append(f"{self.name}: answer for {state.get('id')} / "
                                     f"{state.get('trainee')} in session {sid}")  # fmt: skip

    def run(self) -> None:
        drills = ("normal", "mishap")
        count = 0
        try:
            while time.monotonic() < self.stop:
                self.session(drills[count % 2])
                count += 1
        except Exception as error:  # counted, never hidden
            self.tally.errors.append(f"{self.name}: {type(error).__name__}: {error}")
        finally:
            self.connection.close()

    def session(self, drill: str) -> None:
        body = {"trainee": self.name, "drill": drill, "hands": 3, "learn": True,
                "seed": self.rng.randrange(1 << 31)}  # fmt: skip
        status, state = self.call("POST", "/api/sessions", body)
        if status != 201:
            self.tally.errors.append(f"{self.name}: open {status} {state.get('error')}")
            time.sleep(0.5)
            return
        sid = state["id"]
        right = wrong = 0
        requests_before = self.requests
        while not state["finished"]:
            self.check(state, sid)
            if time.monotonic() >= self.stop:
                self.call("POST", f"/api/sessions/{sid}/end")
                self.tally.add(self.requests - requests_before, 1, 0)
                return
            expected = state["expected"]
            if self.rng.random() < 0.05:
                # A step out of place (a shuffle before the blinds is allowed: no source orders
                # the two; a second burn, or a burn in place of an award, never is).
                slip = "shuffle" if expected == "burn" else "burn"
                status, answer = self.call("POST", f"/api/sessions/{sid}/step", {"step": slip})
                if status != 409:
                    self.tally.errors.append(f"{self.name}: a wrong step got {status}")
                else:
                    wrong += 1
                    right -= 1  # the right step that follows is its position's retry
                    self.check(answer, sid)
            status, state = self.call("POST", f"/api/sessions/{sid}/step", {"step": expected})
            if status == 409 and state.get("id") == sid:
                # The machine refused the step it named itself: the engine's fault, not the web's
                # (the server answered correctly); the session is ended and counted apart.
                self.tally.stuck.append(f"{self.name}: {state.get('error')}")
                self.call("POST", f"/api/sessions/{sid}/end")
                self.tally.add(self.requests - requests_before, 1, 0)
                return
            if status != 200:
                self.tally.errors.append(
                    f"{self.name}: {expected!r} got {status} {state.get('error')}"
                )
                return
            right += 1
        score = state["score"]
        if (score["steps_right"], score["steps_wrong"]) != (right, wrong):
            self.tally.mixing.append(
                f"{self.name}: score {score['steps_right']}/{score['steps_wrong']},"
                f" sent {right}/{wrong}"
            )
        self.tally.add(self.requests - requests_before, 1, int(score["hands"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trainees", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    port = _free_port()
    scratch = tempfile.TemporaryDirectory(prefix="dealer-load-")  # the progress database
    folder = scratch.name
    server = subprocess.Popen(
        [sys.executable, "-m", "dealer", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", os.path.join(folder, "progress.sqlite3"), "--max-sessions", "200"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        tally = Tally()
        cpu_before = _cpu_seconds(server.pid)  # its start (imports, the procedure) left out
        start = time.monotonic()
        stop = start + args.seconds
        trainees = [Trainee(n, port, tally, stop) for n in range(args.trainees)]
        threads = [threading.Thread(target=t.run) for t in trainees]
        for thread in threads:
            thread.start()
        samples: list[tuple[float, int]] = [(0.0, _rss_kib(server.pid))]
        while any(thread.is_alive() for thread in threads):
            time.sleep(5)
            samples.append((time.monotonic() - start, _rss_kib(server.pid)))
        elapsed = time.monotonic() - start
        for thread in threads:
            thread.join()
        cpu = _cpu_seconds(server.pid) - cpu_before
    finally:
        server.terminate()
        server.wait(10)
        scratch.cleanup()
    print(f"trainees: {args.trainees}, seconds: {elapsed:.1f}")
    print(f"sessions: {tally.sessions}, hands: {tally.hands}, requests: {tally.requests}")
    print(f"errors: {len(tally.errors)}")
    for line in tally.errors[:10]:
        print(f"  {line}")
    print(f"sessions the engine could not finish (its own step refused): {len(tally.stuck)}")
    for line in tally.stuck[:5]:
        print(f"  {line}")
    print(f"session mixing: {len(tally.mixing)}")
    for line in tally.mixing[:10]:
        print(f"  {line}")
    memory = ", ".join(f"{at:.0f}s {kib / 1024:.1f}" for at, kib in samples)
    print(f"server memory (RSS MiB): {memory}")
    warm = [kib for at, kib in samples if at >= 10] or [kib for _, kib in samples]
    print(
        f"memory after the first 10 s: min {min(warm) / 1024:.1f} MiB,"
        f" max {max(warm) / 1024:.1f} MiB"
    )
    print(f"requests per second: {tally.requests / elapsed:.0f}")
    # Nearly every request is a step; the server's CPU time per request is the figure that a
    # loaded machine (other processes taking the cores) changes least.
    print(f"server CPU per request: {1000 * cpu / max(1, tally.requests):.2f} ms")


if __name__ == "__main__":
    main()
