#!/usr/bin/env python3
"""Benchmarks weather-or-not in one run and prints the figures (medians) as a Markdown table.

Starts the tests' own loopback servers (`weather-loopback`, over the WeatherCoreTesting target: every provider's answers
from the project's fixtures, over http and https), then measures:
one-shot runs against curl (the same three requests) and ansiweather; interactive latency through a
pseudo-terminal; in-process decoding and formatting; the API requests of a scripted session; the bytes a new
city costs, with and without gzip; start-up; peak memory, also for hostile answers. Nothing here asserts: it prints
what it measured. Usage:

    scripts/bench.sh [--runs N] [--binary PATH] [--loopback PATH] [--real-link-only | --skip-real-link] [--real-link-runs N]

The real-link section then measures round trips: through a latency-injecting proxy of its own on loopback (50, 100
and 200 ms RTT, with and without a 1 Mbit/s cap, TLS end to end) to the loopback servers' https one that keeps
connections open, curl and weather-or-not, in ms and in RTTs. The proxy is the benchmark's alone (tests assert no
timing, so they have none): this script holds it, the runs, the timers and the tables; the servers are the tests'.
"""
import argparse, collections, json, os, pty, re, select, shutil, signal, socket, statistics, subprocess, tempfile, threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
KEY = "bench-key"
TLS_CERT = os.path.join(FIXTURES, "tls", "localhost-cert.pem")
TLS_KEY = os.path.join(FIXTURES, "tls", "localhost-key.pem")


class Loopback:
    """The tests' own loopback servers, from `weather-loopback` (Tests/weather-loopback, over WeatherCoreTesting): every
    provider on 127.0.0.1 from the project's fixtures, each name asked for geocoding to coordinates of its own
    (FakeProviders.anyPlace), the body gzip-compressed to a request that accepts gzip as real servers send it. Four
    servers: `http`, `http_plain` (never gzip), `https` (the tests' certificate) and `https_keep_alive` (connections kept
    open, the real-link section's). It prints their base URLs as one JSON line, then takes one command a line on its
    standard input (latency, hostile, reset, stats), answering each with one JSON line, and stops when that closes."""

    def __init__(self, path):
        if not os.path.exists(path):
            raise SystemExit("%s: not built (swift build --product weather-loopback)" % path)
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lock = threading.Lock()
        self.urls = json.loads(self.proc.stdout.readline())

    def command(self, line):
        with self.lock:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise SystemExit("weather-loopback: %s" % answer["error"])
        return answer

    def set_latency(self, seconds):
        """Every server answers every later request `seconds` late."""
        self.command("latency %g" % seconds)

    def set_hostile(self, name):
        """Every later answer is a hostile one (bomb, bomb-gzip, largest) or, with none, the fixtures again; its size."""
        return self.command("hostile %s" % name)["bytes"]

    def set_air(self, answering):
        """Open-Meteo's air quality answered (the default), or refused with 404 as before the servers answered it (the
        air falls back to OpenWeather's air_pollution at once, on the OpenWeather host)."""
        self.command("air %s" % ("on" if answering else "off"))

    def reset(self):
        self.command("reset")

    def stop(self):
        self.proc.stdin.close()
        self.proc.wait(10)


class Server:
    """One of `Loopback`'s servers: its base URL, and what it answered since the last reset (of every server)."""

    def __init__(self, loopback, name):
        self.loopback, self.name = loopback, name
        self.base = loopback.urls[name]

    def stats(self):
        return self.loopback.command("stats")[self.name]

    def snapshot(self):
        """Requests answered, by path."""
        return self.stats()["requests"]

    def total(self):
        return sum(self.snapshot().values())

    def sent(self):
        """Bytes of every answer sent (status line, headers, body)."""
        return self.stats()["bytes"]

    def reset(self):
        self.loopback.reset()


CLOSED = "http://127.0.0.1:9"


def environment(server, home):
    """Every provider on the loopback server: nothing the benchmark runs can reach a real network."""
    return {
        "HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TERM": "xterm",
        "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_STATE_HOME": os.path.join(home, "state"), "OPENWEATHER_API_KEY": KEY, "OPENWEATHER_BASE_URL": server.base,
        "OPENMETEO_BASE_URL": server.base, "METNO_BASE_URL": server.base,
        # The services beside the weather: a closed loopback port, and the warnings off (the real-link section's
        # "warnings" scenarios turn them on, through a proxy of their own: docs/PERFORMANCE.md).
        "NWS_BASE_URL": CLOSED, "BRIGHTSKY_BASE_URL": CLOSED, "ECCC_BASE_URL": CLOSED, "METEOALARM_BASE_URL": CLOSED,
        "IPGEO_BASE_URL": CLOSED, "WEATHER_OR_NOT_WARNINGS": "off",
    }


def peak_memory(argv, env, stdin=b"", check=True):
    """Peak resident memory (MiB) of one run, read by GNU time: the wait4 figure of a child forked from this
    Python process would count Python's own pages, copied by the fork, as the child's. With `check` off, a run
    that fails (as it should on a hostile answer) is measured all the same."""
    with tempfile.NamedTemporaryFile() as out:
        proc = subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", out.name] + argv, env=env, input=stdin,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if check and proc.returncode != 0:
            raise SystemExit("failed (%d): %s" % (proc.returncode, " ".join(argv)))
        return int(open(out.name).read().split()[-1]) / 1024


def timed(argv, env, stdin=b""):
    """Wall seconds of one run."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.stdin.write(stdin)
    proc.stdin.close()
    proc.wait()
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit("failed (%d): %s" % (proc.returncode, " ".join(argv)))
    return elapsed


def median_ms(values):
    return statistics.median(values) * 1000


class Terminal:
    """The program on a pseudo-terminal; `run` types a line and waits for the next prompt."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        self.buffer = b""

    def wait_prompt(self, timeout=20):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if re.search(rb"> $", self.buffer[-40:]):
                return
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                self.buffer += os.read(self.fd, 65536)
        raise SystemExit("no prompt; last output: %r" % self.buffer[-300:])

    def run(self, line, timeout=20):
        self.buffer = b""
        start = time.perf_counter()
        os.write(self.fd, line.encode() + b"\r")
        while b"\n" not in self.buffer:  # the echo of the line, then the output, then the prompt
            if time.perf_counter() - start > timeout:
                raise SystemExit("no echo; last output: %r" % self.buffer[-300:])
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                self.buffer += os.read(self.fd, 65536)
        self.wait_prompt(timeout)
        return time.perf_counter() - start

    def close(self, timeout=None):
        """Quits with `:q`; with a timeout, a program that has not exited by then is killed."""
        try:
            os.write(self.fd, b":q\r")
        except OSError:
            pass
        if timeout is None:
            os.waitpid(self.pid, 0)
        else:
            deadline = time.perf_counter() + timeout
            while self.running():
                if time.perf_counter() > deadline:
                    self.kill()
                    break
                try:  # keep reading, so that output still to come does not block it
                    if select.select([self.fd], [], [], 0.05)[0]:
                        os.read(self.fd, 65536)
                except OSError:
                    time.sleep(0.01)
        os.close(self.fd)

    def running(self):
        try:
            return os.waitpid(self.pid, os.WNOHANG) == (0, 0)
        except ChildProcessError:
            return False

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


# The real-link section: what a person waits for is round trips, which the loopback rows above do not have.

class Link:
    """One direction of the access link of one run: `rate` bits per second (None: no cap), shared by every
    connection through every proxy of the run, as a person's one line is. `send` puts `size` bytes on it no
    earlier than `start` and returns when the last of them has left."""

    def __init__(self, rate):
        self.rate = rate
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, start, size):
        if not self.rate:
            return start
        with self.lock:
            self.free_at = max(start, self.free_at) + size * 8.0 / self.rate
            return self.free_at


class Pipe:
    """One direction of one proxied connection. The reader thread stamps every chunk it reads with the time it is
    due on the other side (read time, or `hold` if later, then the link's cap, then half the round trip); the
    writer thread sends each chunk at its time, in order. Chunks read in a stream go out in a stream, each
    RTT/2 late: delayed, not slowed. End of stream travels the same way."""

    SEGMENT = 1448  # with a cap, chunks go on the link a segment at a time (a TCP segment's payload)

    def __init__(self, connection, source, sink, link, hold, upward):
        self.connection, self.source, self.sink, self.link, self.hold, self.upward = connection, source, sink, link, hold, upward
        self.half = connection.proxy.rtt / 2
        self.items = collections.deque()
        self.ready = threading.Condition()
        self.last = 0.0
        self.threads = [threading.Thread(target=self.read, daemon=True), threading.Thread(target=self.write, daemon=True)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def push(self, due, piece):
        with self.ready:
            self.last = max(self.last, due)  # never before what was read earlier: order is kept
            self.items.append((self.last, piece))
            self.ready.notify()

    def read(self):
        while True:
            try:
                data = self.source.recv(65536)
            except OSError:
                data = b""
            now = time.monotonic()
            if not data:
                self.push(now + self.half, None)
                return
            self.connection.proxy.count(self.upward, len(data))
            step = self.SEGMENT if self.link.rate else len(data)
            for offset in range(0, len(data), step):
                piece = data[offset:offset + step]
                self.push(self.link.send(max(now, self.hold), len(piece)) + self.half, piece)

    def write(self):
        while True:
            with self.ready:
                self.ready.wait_for(lambda: self.items or self.connection.aborted)
                if self.connection.aborted:
                    break
                due, piece = self.items.popleft()
                # Wait for the chunk's time; an abort (the proxy closing) cuts the wait short.
                if self.ready.wait_for(lambda: self.connection.aborted, timeout=max(0.0, due - time.monotonic())):
                    break
            if piece is None:
                try:
                    self.sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                break
            try:
                self.sink.sendall(piece)
            except OSError:
                self.connection.abort()  # the other side has gone: so has this connection
                break
        self.connection.finished()

    def wake(self):
        with self.ready:
            self.ready.notify_all()


class ProxiedConnection:
    """A client's connection and the proxy's own to the upstream. The client's bytes cannot leave before one round
    trip after the connection was accepted: TCP's handshake, which loopback skips (connect() returns at once)."""

    def __init__(self, proxy, client, upstream, accepted):
        self.proxy, self.client, self.upstream = proxy, client, upstream
        self.aborted = False
        self.done = 0
        self.lock = threading.Lock()
        self.pipes = [Pipe(self, client, upstream, proxy.up, accepted + proxy.rtt, True),
                      Pipe(self, upstream, client, proxy.down, 0.0, False)]
        for pipe in self.pipes:
            pipe.start()

    def abort(self):
        self.aborted = True
        for sock in (self.client, self.upstream):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for pipe in self.pipes:
            pipe.wake()

    def finished(self):
        with self.lock:
            self.done += 1
            last = self.done == 2
        if last:  # both directions delivered (or given up): the connection is over
            self.client.close()
            self.upstream.close()
            self.proxy.forget(self)

    def threads(self):
        return [t for pipe in self.pipes for t in pipe.threads]


class LatencyProxy:
    """A TCP forwarder on 127.0.0.1 (port 0) to one loopback upstream: each connection it accepts gets one of its
    own to the upstream, and bytes go both ways through `Pipe`s (TLS passes through end to end). Counts the
    connections it accepted and the bytes it forwarded each way."""

    def __init__(self, name, upstream, rtt, up, down):
        assert upstream[0] == "127.0.0.1", "loopback only"
        self.name, self.upstream, self.rtt, self.up, self.down = name, upstream, rtt, up, down
        self.lock = threading.Lock()
        self.connections = set()
        self.finished_threads = []
        self.accepted = self.sent_up = self.sent_down = 0
        self.stopping = False
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.listener.settimeout(0.1)  # only so that the accepting thread notices `close`
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stopping:
            try:
                client, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                break
            accepted = time.monotonic()
            client.settimeout(None)
            try:
                upstream = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            for sock in (client, upstream):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self.lock:
                self.accepted += 1
                connection = ProxiedConnection(self, client, upstream, accepted)
                self.connections.add(connection)

    def count(self, upward, size):
        with self.lock:
            if upward:
                self.sent_up += size
            else:
                self.sent_down += size

    def forget(self, connection):
        with self.lock:
            self.connections.discard(connection)
            self.finished_threads += connection.threads()

    def stats(self):
        with self.lock:
            return self.accepted, self.sent_up, self.sent_down

    def reset(self):
        with self.lock:
            self.accepted = self.sent_up = self.sent_down = 0

    def wait_idle(self, timeout):
        """Waits (at most `timeout`) until every connection has ended, its last bytes delivered."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if not self.connections:
                    return True
            time.sleep(0.005)
        return False

    def close(self):
        self.stopping = True
        self.thread.join(2)
        self.listener.close()
        with self.lock:
            connections = list(self.connections)
        for connection in connections:
            connection.abort()
        for connection in connections:
            for thread in connection.threads():
                thread.join(2)
        with self.lock:
            threads, self.finished_threads = self.finished_threads, []
        for thread in threads:
            thread.join(2)


def loopback_only(env):
    """The child's environment with no proxy variable (either case) and every base URL on 127.0.0.1."""
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        env.pop(name, None)
        env.pop(name.upper(), None)
    for name in ("OPENWEATHER_BASE_URL", "OPENMETEO_BASE_URL", "METNO_BASE_URL"):
        assert env[name].startswith("https://127.0.0.1:"), env[name]
    for name in ("NWS_BASE_URL", "BRIGHTSKY_BASE_URL", "ECCC_BASE_URL", "METEOALARM_BASE_URL", "IPGEO_BASE_URL"):
        assert env[name].startswith(("http://127.0.0.1:", "https://127.0.0.1:")), env[name]
    return env


def bounded_run(argv, env, timeout, until_view=False):
    """Wall seconds of one run and None, or None and why it failed; killed once `timeout` has passed. `until_view`:
    the seconds until the program's first output (the view, which a one-shot writes at once), for a run that then
    goes on (warnings drawn under the view when they land); the run must still end well."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE if until_view else subprocess.DEVNULL, stderr=subprocess.PIPE)
    first = []
    errors = []

    def drain(stream, sink, mark):
        while True:
            chunk = stream.read1(65536)
            if not chunk:
                return
            if mark and not first:
                first.append(time.perf_counter())
            sink.append(chunk)

    readers = [threading.Thread(target=drain, args=(proc.stderr, errors, False), daemon=True)]
    if until_view:
        readers.append(threading.Thread(target=drain, args=(proc.stdout, [], True), daemon=True))
    for reader in readers:
        reader.start()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return None, "killed after %.0f s" % timeout
    end = time.perf_counter()
    for reader in readers:
        reader.join()
    err = b"".join(errors)
    elapsed = (first[0] if until_view and first else end) - start
    if proc.returncode != 0:
        detail = err.decode(errors="replace").strip().splitlines()
        return None, "exit %d%s" % (proc.returncode, (": " + detail[-1][:120]) if detail else "")
    return elapsed, None


SHORT_PATHS = {"/geo/1.0/direct": "geocode", "/data/2.5/weather": "current", "/data/2.5/forecast": "forecast",
               "/v1/search": "search", "/v1/forecast": "om-forecast", "/weatherapi/locationforecast/2.0/complete": "met-forecast",
               "/weatherapi/nowcast/2.0/complete": "met-nowcast", "/v1/air-quality": "air",
               "/data/2.5/air_pollution": "ow-air", "/data/2.5/air_pollution/forecast": "ow-air-forecast",
               "/geo/1.0/reverse": "reverse", "/alerts": "dwd-alerts", "/weatherapi/metalerts/2.0/current.json": "metalerts",
               "/collections/weather-alerts/items": "eccc-alerts", "/alerts/active": "nws-alerts"}
PROXY_NAMES = (("ow", "OpenWeather"), ("om", "Open-Meteo"), ("met", "MET Norway"), ("warn", "warning services"))
WARNING_VARIABLES = ("NWS_BASE_URL", "BRIGHTSKY_BASE_URL", "ECCC_BASE_URL", "METEOALARM_BASE_URL")


def short_path(path):
    if path.startswith("/api/v1/warnings/feeds-"):
        return "meteoalarm"
    return SHORT_PATHS.get(path, path)


def real_link_section(args):
    """Returns the section's lines: a table of round trips through `LatencyProxy`s at each RTT, with and without a cap."""
    section_start = time.perf_counter()
    runs = args.real_link_runs
    rtts = [float(r) / 1000 for r in args.rtts.split(",") if r.strip()]
    cap_rtts = [float(r) / 1000 for r in args.cap_rtts.split(",") if r.strip()]
    rate = args.cap_mbit * 1e6
    loopback = Loopback(args.loopback)
    server = Server(loopback, "https_keep_alive")
    upstream = ("127.0.0.1", int(server.base.rsplit(":", 1)[1]))
    work = tempfile.mkdtemp(prefix="won-reallink-")
    place = {"name": "Knownton", "country": "GB", "latitude": 51.5074, "longitude": -0.1278}
    known_preferences = json.dumps({"version": 1, "lastCity": place, "recentCities": [place]}).encode()

    def home_env(proxies, warnings=False):
        home = tempfile.mkdtemp(dir=work)
        env = environment(server, home)
        if args.gazetteer_off:
            env["WEATHER_GAZETTEER"] = "off"  # every name to the provider's geocoder, as before issue 25
        env.update(OPENWEATHER_BASE_URL="https://127.0.0.1:%d" % proxies["ow"].port,
                   OPENMETEO_BASE_URL="https://127.0.0.1:%d" % proxies["om"].port,
                   METNO_BASE_URL="https://127.0.0.1:%d" % proxies["met"].port, SSL_CERT_FILE=TLS_CERT)
        if warnings:
            # The warning services on, each through the same proxy at the same RTT, answering the loopback
            # fixtures' "no warning" (a new city is in GB: MeteoAlarm's feed; MetAlerts follows METNO_BASE_URL).
            env["WEATHER_OR_NOT_WARNINGS"] = "on"
            env.update({name: "https://127.0.0.1:%d" % proxies["warn"].port for name in WARNING_VARIABLES})
        return home, loopback_only(env)

    def ow_urls(proxies):
        base = "https://127.0.0.1:%d" % proxies["ow"].port
        return ["%s/geo/1.0/direct?q=London&limit=5&appid=%s" % (base, KEY),
                "%s/data/2.5/weather?lat=51.5&lon=-0.12&units=metric&lang=en&appid=%s" % (base, KEY),
                "%s/data/2.5/forecast?lat=51.5&lon=-0.12&units=metric&lang=en&appid=%s" % (base, KEY)]

    curl = ["curl", "-q", "-sf", "--compressed", "--cacert", TLS_CERT]

    # Each scenario: (key, label, target at 100 ms, run(proxies, rtt, i) -> (seconds or None, failure, measured-from-here
    # hook)). A run function returns seconds and a failure; counts are read by the caller around it unless the
    # function takes them itself (the prompt, which counts only the second city).
    def one_shot(provider, name, keyless=False, warnings=False, until_view=False):
        def run(proxies, rtt, i, timeout):
            home, env = home_env(proxies, warnings)
            if keyless:
                del env["OPENWEATHER_API_KEY"]
            argv = [args.binary] + (["--provider", provider] if provider else []) + ["%s %d" % (name, i)]
            return bounded_run(argv, env, timeout, until_view=until_view)
        return run

    def known_city(proxies, rtt, i, timeout):
        home, env = home_env(proxies)
        folder = os.path.join(home, "config", "weather-or-not")
        os.makedirs(folder)
        with open(os.path.join(folder, "preferences.json"), "wb") as f:
            f.write(known_preferences)
        return bounded_run([args.binary, "Knownton"], env, timeout)

    def coordinates(proxies, rtt, i, timeout):
        home, env = home_env(proxies)
        return bounded_run([args.binary, "51.%d, -0.12" % (1000 + i)], env, timeout)

    def coordinates_nowcast(text, provider=None, nowcast=True):
        # Coordinates in a region with rain to the minute (issue 28): London's in Open-Meteo's 15-minute box, Oslo's
        # in MET Norway's radar nowcast; with it, and with WEATHER_OR_NOT_NOWCAST=off, in the same sitting.
        def run(proxies, rtt, i, timeout):
            home, env = home_env(proxies)
            if not nowcast:
                env["WEATHER_OR_NOT_NOWCAST"] = "off"
            argv = [args.binary] + (["--provider", provider] if provider else []) + [text % (1000 + i)]
            return bounded_run(argv, env, timeout)
        return run

    def geocoded_nowcast(country, provider=None, nowcast=True):
        # A new city found through the geocoder (the table does not know "New City N") in a region with rain to the
        # minute: the loopback geocoder puts "New City N, NO" near Oslo (MET Norway's nowcast) and "…, GB" near London
        # (Open-Meteo's 15 minutes); with it, and with WEATHER_OR_NOT_NOWCAST=off, in the same sitting.
        def run(proxies, rtt, i, timeout):
            home, env = home_env(proxies)
            if not nowcast:
                env["WEATHER_OR_NOT_NOWCAST"] = "off"
            argv = [args.binary] + (["--provider", provider] if provider else []) + ["New City %d, %s" % (i, country)]
            return bounded_run(argv, env, timeout)
        return run

    def shared_address(proxies, rtt, i, timeout):
        # Every provider at one address (a mirror, or one proxy): MET Norway with a key geocodes through
        # OpenWeather and looks the time zone up with Open-Meteo, all through OpenWeather's proxy.
        home, env = home_env(proxies)
        env.update(OPENMETEO_BASE_URL=env["OPENWEATHER_BASE_URL"], METNO_BASE_URL=env["OPENWEATHER_BASE_URL"])
        return bounded_run([args.binary, "--provider", "met-norway", "New City %d" % i], env, timeout)

    def stored_city_country(proxies, rtt, i, timeout):
        # A stored place with a state, typed as "City, CC": its stored coordinates, no geocoding.
        home, env = home_env(proxies)
        folder = os.path.join(home, "config", "weather-or-not")
        os.makedirs(folder)
        stored = dict(place, state="England")
        with open(os.path.join(folder, "preferences.json"), "wb") as f:
            f.write(json.dumps({"version": 1, "lastCity": stored, "recentCities": [stored]}).encode())
        return bounded_run([args.binary, "Knownton, GB"], env, timeout)

    def at_prompt(first, measured, preferences=None):
        """A prompt session: `first(i)` typed (if any), then only `measured(i)` counted and timed; `preferences`, when
        given, is the preferences file the session starts with."""
        def run(proxies, rtt, i, timeout, counters):
            home, env = home_env(proxies)
            if preferences:
                folder = os.path.join(home, "config", "weather-or-not")
                os.makedirs(folder)
                with open(os.path.join(folder, "preferences.json"), "wb") as f:
                    f.write(preferences)
            try:
                term = Terminal([args.binary], env)
            except OSError as error:
                return None, str(error)
            try:
                term.wait_prompt(timeout)
                if first:
                    term.run(first(i), timeout)
                counters.reset()  # only what the measured line costs
                seconds = term.run(measured(i), timeout)
                counters.take()
                return seconds, None
            except (SystemExit, OSError) as failure:
                return None, str(failure)[:120]
            finally:
                term.close(timeout=5)
        return run

    prompt_second_city = at_prompt(lambda i: "First City %d" % i, lambda i: "Second City %d" % i)

    # Cities the built-in gazetteer knows (issue 25), one per run so that no answer is cached: outside the US, so the
    # provider's geocoder is still asked beside the weather for the region (in English nothing else is missing).
    table_cities = ["Lyon", "Leeds", "Porto", "Turin", "Graz", "Bergen", "Utrecht", "Gdansk", "Seville", "Aarhus",
                    "Bordeaux", "Dresden", "Bilbao", "Genoa", "Krakow"]

    def table_city(i, second=False):
        return table_cities[(2 * i + (1 if second else 0)) % len(table_cities)]

    def one_shot_table(provider, warnings=False):
        def run(proxies, rtt, i, timeout):
            home, env = home_env(proxies, warnings)
            argv = [args.binary] + (["--provider", provider] if provider else []) + [table_city(i)]
            return bounded_run(argv, env, timeout)
        return run

    prompt_second_table_city = at_prompt(table_city, lambda i: table_city(i, second=True))

    def during_air_outage(run):
        # Open-Meteo's air refused for the run: the 1st city's air falls back to OpenWeather's air_pollution (two
        # requests beside the view, on the OpenWeather host the 2nd city's weather needs).
        def outage(*arguments):
            loopback.set_air(False)
            try:
                return run(*arguments)
            finally:
                loopback.set_air(True)
        return outage
    # "Springfield": the table's list of namesakes, from Enter to the next prompt (no request with the table on).
    prompt_disambiguation = at_prompt(None, lambda i: "Springfield")
    # `:places` with ten places followed (issue 26), Open-Meteo: the first place typed opens the connection, then the
    # list is one multi-location request on it.
    ten_places = [{"name": "Placeton %d" % n, "country": "GB", "latitude": 50.0 + n * 0.37, "longitude": -3.0 + n * 0.41}
                  for n in range(10)]
    prompt_places = at_prompt(lambda i: "Placeton 0", lambda i: ":places", preferences=json.dumps(
        {"version": 1, "provider": "open-meteo", "recentCities": ten_places}).encode())

    def curl_three(proxies, rtt, i, timeout):
        home, env = home_env(proxies)
        return bounded_run(curl + sum([["-o", "/dev/null", u] for u in ow_urls(proxies)], []), env, timeout)

    def curl_one(proxies, rtt, i, timeout):
        home, env = home_env(proxies)
        return bounded_run(curl + ["-o", "/dev/null", ow_urls(proxies)[1]], env, timeout)

    scenarios = [
        ("curl-1", "curl, one URL, fresh connection (calibration)", None, curl_one, False),
        ("curl-3", "curl, OpenWeather's 3 answers on one connection", None, curl_three, False),
        ("won-ow", "one-shot, new city, OpenWeather", 4.5, one_shot(None, "New City"), False),
        ("won-ow-warnings", "one-shot, new city, OpenWeather, with the warnings (MeteoAlarm's feed), to the view", 4.5,
         one_shot(None, "New City", warnings=True, until_view=True), False),
        ("won-ow-warnings-end", "the same, to the end of the run (the warnings under the view)", None,
         one_shot(None, "New City", warnings=True), False),
        ("won-om", "one-shot, new city, Open-Meteo", None, one_shot("open-meteo", "New City"), False),
        ("won-met", "one-shot, new city, MET Norway (key set: OpenWeather geocodes)", None,
         one_shot("met-norway", "New City"), False),
        ("won-met-keyless", "one-shot, new city, MET Norway, no key (Open-Meteo geocodes)", None,
         one_shot("met-norway", "New City", keyless=True), False),
        ("won-known", "one-shot, known city (stored coordinates, cache empty), OpenWeather", 3.3, known_city, False),
        ("won-stored-cc", "one-shot, a stored city typed as 'City, CC' (cache empty), OpenWeather", 3.3,
         stored_city_country, False),
        ("won-coords", "one-shot, coordinates, OpenWeather (reverse geocoding beside the weather)", 3.3, coordinates, False),
        ("won-met-shared", "one-shot, new city, MET Norway with a key, every provider at one address", 4.5,
         shared_address, False),
        ("won-nowcast-om", "one-shot, coordinates in London, OpenWeather, with Open-Meteo's 15 minutes beside", 3.3,
         coordinates_nowcast("51.%d, -0.12"), False),
        ("won-nowcast-om-off", "the same, WEATHER_OR_NOT_NOWCAST=off", 3.3,
         coordinates_nowcast("51.%d, -0.12", nowcast=False), False),
        ("won-nowcast-met", "one-shot, coordinates in Oslo, MET Norway (key set), with its radar nowcast beside", None,
         coordinates_nowcast("59.%d, 10.75", provider="met-norway"), False),
        ("won-nowcast-met-off", "the same, WEATHER_OR_NOT_NOWCAST=off", None,
         coordinates_nowcast("59.%d, 10.75", provider="met-norway", nowcast=False), False),
        ("won-geo-nowcast-met", "one-shot, new city through the geocoder near Oslo, MET Norway (key set), its radar nowcast beside",
         4.5, geocoded_nowcast("NO", provider="met-norway"), False),
        ("won-geo-nowcast-met-off", "the same, WEATHER_OR_NOT_NOWCAST=off", 4.5,
         geocoded_nowcast("NO", provider="met-norway", nowcast=False), False),
        ("won-geo-nowcast-ow", "one-shot, new city through the geocoder near London, OpenWeather, Open-Meteo's 15 minutes beside",
         4.5, geocoded_nowcast("GB"), False),
        ("won-geo-nowcast-ow-off", "the same, WEATHER_OR_NOT_NOWCAST=off", 4.5, geocoded_nowcast("GB", nowcast=False), False),
        ("won-geo-nowcast-om", "one-shot, new city through the geocoder near London, Open-Meteo, its 15 minutes beside", 4.5,
         geocoded_nowcast("GB", provider="open-meteo"), False),
        ("won-geo-nowcast-om-off", "the same, WEATHER_OR_NOT_NOWCAST=off", 4.5,
         geocoded_nowcast("GB", provider="open-meteo", nowcast=False), False),
        ("won-prompt", "prompt: a 2nd new city after a 1st, Enter to next prompt, OpenWeather", 2.3,
         prompt_second_city, True),
        ("won-table-ow", "one-shot, new city the gazetteer knows, OpenWeather", 3.2, one_shot_table(None), False),
        ("won-table-ow-warnings", "one-shot, new city the gazetteer knows, OpenWeather, with the warnings", 3.2,
         one_shot_table(None, warnings=True), False),
        ("won-table-om", "one-shot, new city the gazetteer knows, Open-Meteo", 3.2, one_shot_table("open-meteo"), False),
        ("won-table-met", "one-shot, new city the gazetteer knows, MET Norway (key set)", 3.2,
         one_shot_table("met-norway"), False),
        ("won-prompt-table", "prompt: a 2nd city the gazetteer knows after a 1st, OpenWeather", 1.2,
         prompt_second_table_city, True),
        ("won-prompt-table-airout", "prompt: a 2nd city the gazetteer knows after a 1st, OpenWeather, Open-Meteo's air down", 1.2,
         during_air_outage(prompt_second_table_city), True),
        ("won-disambiguation", "prompt: 'Springfield', Enter to the next prompt (the list)", None,
         prompt_disambiguation, True),
        ("won-places-om", "prompt: :places with 10 places after the 1st shown (warm connection), Open-Meteo", 2.3,
         prompt_places, True),
    ]
    if args.real_link_scenarios:
        wanted = args.real_link_scenarios.split(",")
        scenarios = [s for s in scenarios if s[0] in wanted]

    configs = [(0.0, None)] + [(rtt, None) for rtt in rtts] + [(rtt, rate) for rtt in cap_rtts]
    results = {}  # (key, rtt, rate) -> list of dicts

    class Counters:
        """Reads and resets the proxies' and the server's counts around the part of a run that is measured."""

        def __init__(self, proxies):
            self.proxies = proxies
            self.taken = None

        def reset(self):
            for proxy in self.proxies.values():
                proxy.reset()
            server.reset()
            self.taken = None

        def take(self):
            if self.taken is None:
                self.taken = {"connections": {k: p.stats()[0] for k, p in self.proxies.items()},
                              "up": sum(p.stats()[1] for p in self.proxies.values()),
                              "down": sum(p.stats()[2] for p in self.proxies.values()),
                              "requests": server.snapshot()}
            return self.taken

    for rtt, cap in configs:
        up, down = Link(cap), Link(cap)
        proxies = {key: LatencyProxy(name, upstream, rtt, up, down) for key, name in PROXY_NAMES}
        counters = Counters(proxies)
        timeout = 15 + 60 * rtt
        try:
            for i in range(runs + (1 if rtt == 0 else 0)):  # at 0 ms, a first run to warm the page cache, not counted
                for key, label, target, run, counts_itself in scenarios:
                    counters.reset()
                    if counts_itself:
                        seconds, failure = run(proxies, rtt, i, timeout, counters)
                    else:
                        seconds, failure = run(proxies, rtt, i, timeout)
                    for proxy in proxies.values():
                        proxy.wait_idle(2 + rtt)  # the last bytes in flight belong to this run, not the next
                    taken = counters.take()
                    if rtt == 0 and i == 0:
                        continue
                    results.setdefault((key, rtt, cap), []).append(dict(taken, seconds=seconds, failure=failure))
        finally:
            for proxy in proxies.values():
                proxy.close()
    loopback.stop()
    shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - section_start

    def median_of(values):
        return statistics.median(values) if values else None

    def summary(key, rtt=0.1):
        good = [r["seconds"] for r in results.get((key, rtt, None), []) if r["seconds"] is not None]
        base = [r["seconds"] for r in results.get((key, 0.0, None), []) if r["seconds"] is not None]
        if not good:
            return "not measured"
        text = "%.2f RTT" % (median_of(good) / rtt)
        return text + (" (%.2f net of start-up)" % ((median_of(good) - median_of(base)) / rtt) if base else "")

    lines = ["", "### Real link: round trips through a latency-injecting loopback proxy (TLS 1.3, end to end)", "",
             "One RTT in the model: every chunk read from either side is delivered to the other RTT/2 later (order kept, "
             "delays not serialised); a new connection's first client bytes wait until one RTT after it was accepted "
             "(TCP's handshake). So a fresh TCP + TLS 1.3 connection and one request cost 3 RTT, a request on an open "
             "connection 1 RTT. The cap (%g Mbit/s each way) is one link shared by every connection of the run, "
             "%d-byte segments, no slow start or loss. One proxy per host: OpenWeather; Open-Meteo (its geocoding and "
             "forecast are two hosts in real life, geocoding-api.open-meteo.com and api.open-meteo.com, but the app "
             "takes one `OPENMETEO_BASE_URL`, so here they share one origin and the forecast may reuse the geocoding "
             "connection, which in real life costs a new connection: 2 RTT more unless opened early); MET Norway's "
             "forecast (the keyless MET route geocodes through Open-Meteo). The 0 ms rows go through the proxies "
             "with no delay: start-up and everything else that is not a round trip. Median of %d runs; connections "
             "opened per proxy (OW / OM / MET / warning services), bytes forwarded (TLS records, up / down), requests the server answered."
             % (args.cap_mbit, Pipe.SEGMENT, runs), ""]
    lines.append("| scenario | RTT | cap | median | ÷ RTT | (− 0 ms) ÷ RTT | connections OW/OM/MET/warnings | bytes up / down | requests |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for key, label, target, run, _ in scenarios:
        base = median_of([r["seconds"] for r in results.get((key, 0.0, None), []) if r["seconds"] is not None])
        for rtt, cap in configs:
            records = results.get((key, rtt, cap), [])
            good = [r for r in records if r["seconds"] is not None]
            failures = [r["failure"] for r in records if r["failure"]]
            name = label + (" (target ≤ %.1f RTT at 100 ms)" % target if target and rtt == 0.1 and not cap else "")
            cells = [name, "%.0f ms" % (rtt * 1000), ("%g Mbit/s" % (cap / 1e6)) if cap else "–"]
            if not good:
                lines.append("| %s | failed: %s | | | | | |" % (" | ".join(cells), failures[0] if failures else "not run"))
                continue
            ms = median_of([r["seconds"] for r in good]) * 1000
            cells.append("%.0f ms" % ms + (" (%d of %d failed: %s)" % (len(failures), len(records), failures[0]) if failures else ""))
            cells.append("%.2f" % (ms / 1000 / rtt) if rtt else "–")
            cells.append("%.2f" % ((ms / 1000 - base) / rtt) if rtt and base is not None else "–")
            conns = [median_of([r["connections"][k] for r in good]) for k, _ in PROXY_NAMES]
            cells.append(" / ".join("%g" % c for c in conns))
            cells.append("%d / %d B" % (median_of([r["up"] for r in good]), median_of([r["down"] for r in good])))
            paths = collections.Counter()
            for path, n in good[-1]["requests"].items():
                paths[short_path(path)] += n
            cells.append(", ".join(("%s ×%d" % (p, n)) if n > 1 else p for p, n in sorted(paths.items())) or "–")
            lines.append("| %s |" % " | ".join(cells))
    lines.append("")
    if 0.1 in rtts:
        lines.append("At 100 ms RTT, no cap: curl, one URL on a fresh connection %s (the model's 3 RTT: TCP, TLS 1.3, "
                     "request); curl, 3 answers on one connection %s. weather-or-not: new city %s (target ≤ 4.5), known "
                     "city %s (target ≤ 3.3), a new city at the prompt after an earlier one %s (target ≤ 2.3), a stored "
                     "city typed as 'City, CC' %s (target ≤ 3.3), coordinates %s (target ≤ 3.3), MET Norway with a key, "
                     "every provider at one address %s (target ≤ 4.5)."
                     % tuple(summary(k) for k in ("curl-1", "curl-3", "won-ow", "won-known", "won-prompt", "won-stored-cc",
                                                  "won-coords", "won-met-shared")))
        lines.append("")
        lines.append("With the warnings on, in the same run: a new city %s to its view, %s to the end of the run, with "
                     "its warnings under the view (without them: %s); a new city the gazetteer knows %s (without: %s), "
                     "its warnings above the view."
                     % tuple(summary(k) for k in ("won-ow-warnings", "won-ow-warnings-end", "won-ow",
                                                  "won-table-ow-warnings", "won-table-ow")))
        lines.append("")
    lines.append("Real-link section: %.0f s (%d runs per row; RTTs %s ms; %s)." % (
        elapsed, runs, ", ".join("%g" % (r * 1000) for r in rtts),
        ("capped at " + ", ".join("%g" % (r * 1000) for r in cap_rtts) + " ms") if cap_rtts else "no capped rows"))
    return lines


def machine():
    """The machine line: cores, processor, compiler."""
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), model)
    except OSError:
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60)
        version = ((swift.stdout or swift.stderr).splitlines() or ["swift: no version"])[0]
    except (OSError, subprocess.TimeoutExpired):
        version = "swift not found"
    return "machine: %d cores, %s, %s" % (len(os.sched_getaffinity(0)), model, version)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "weather-or-not"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "weather-bench"))
    parser.add_argument("--loopback", default=os.path.join(ROOT, ".build", "debug", "weather-loopback"),
                        help="the loopback servers (Tests/weather-loopback)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--real-link-only", action="store_true", help="only the real-link section")
    only.add_argument("--skip-real-link", action="store_true", help="every section but the real-link one")
    parser.add_argument("--real-link-runs", type=int, default=3, help="runs per real-link row (median)")
    parser.add_argument("--gazetteer-off", action="store_true",
                        help="WEATHER_GAZETTEER=off: every place name through the provider's geocoder (the path before issue 25)")
    parser.add_argument("--rtts", default="50,100,200", help="real-link round trips, ms")
    parser.add_argument("--cap-rtts", default="50,100,200", help="the round trips measured with the cap too, ms")
    parser.add_argument("--cap-mbit", type=float, default=1.0, help="the cap, Mbit/s each way")
    parser.add_argument("--real-link-scenarios", default="", help="comma-separated keys (curl-1, curl-3, won-ow, won-ow-warnings, won-ow-warnings-end, won-stored-cc, won-coords, won-met-shared, "
                        "won-om, won-met, won-known, won-prompt, won-table-ow, won-table-ow-warnings, won-table-om, won-table-met, "
                        "won-prompt-table, won-prompt-table-airout, won-disambiguation, won-nowcast-om, won-nowcast-om-off, won-nowcast-met, won-nowcast-met-off, "
                        "won-geo-nowcast-met, won-geo-nowcast-met-off, won-geo-nowcast-ow, won-geo-nowcast-ow-off, won-geo-nowcast-om, "
                        "won-geo-nowcast-om-off, won-places-om); all by default")
    args = parser.parse_args()
    print(machine())
    if not args.real_link_only:
        loopback_sections(args)
    if not args.skip_real_link:
        print("\n".join(real_link_section(args)))


def loopback_sections(args):
    """Every section but the real-link one: one table."""
    loopback = Loopback(args.loopback)
    server = Server(loopback, "http")
    work = tempfile.mkdtemp(prefix="won-bench-")
    rows = []

    def fresh_home():
        home = tempfile.mkdtemp(dir=work)
        return home, environment(server, home)

    # 1. One-shot, alternating: weather-or-not (empty cache), curl (the same three requests), ansiweather.
    curl_urls = ["%s/geo/1.0/direct?q=London&limit=5&appid=%s" % (server.base, KEY),
                 "%s/data/2.5/weather?lat=51.5&lon=-0.12&units=metric&lang=en&appid=%s" % (server.base, KEY),
                 "%s/data/2.5/forecast?lat=51.5&lon=-0.12&units=metric&lang=en&appid=%s" % (server.base, KEY)]
    curl_argv = ["curl", "-sf"] + sum([["-o", "/dev/null", u] for u in curl_urls], [])
    ansi = shutil.which("ansiweather")
    fetch = os.path.join(work, "fetch")
    with open(fetch, "w") as f:
        f.write("#!/bin/sh\nexec curl -sf \"$(echo \"$1\" | sed 's|https://api.openweathermap.org|%s|')\"\n" % server.base)
    os.chmod(fetch, 0o755)
    ansi_rc = os.path.join(work, "ansiweatherrc")
    with open(ansi_rc, "w") as f:
        f.write("api_key:%s\nfetch_cmd:%s\nshow_uvi:false\nlocation:London\n" % (KEY, fetch))
    times = {"won": [], "curl": [], "ansi": []}
    memory = {"won": [], "curl": [], "ansi": []}
    home, env = fresh_home()
    cache = os.path.join(home, "cache", "weather-or-not")

    def empty_cache():
        if os.path.isdir(cache):
            for entry in os.listdir(cache):  # an expired cache: every run makes its three requests
                os.remove(os.path.join(cache, entry))

    commands = (("won", [args.binary, "London"]), ("curl", curl_argv), ("ansi", [ansi, "-l", "London"] if ansi else None))
    for i in range(args.runs):
        for name, argv in commands:
            if argv is None:
                continue
            run_env = dict(env, ANSIWEATHERRC=ansi_rc) if name == "ansi" else env
            empty_cache()
            times[name].append(timed(argv, run_env))
            if i < 5:
                empty_cache()
                memory[name].append(peak_memory(argv, run_env))
    won, curl = median_ms(times["won"]), median_ms(times["curl"])
    rows.append(("one-shot `weather-or-not London` (3 requests, cache emptied)", "%.1f ms, %.1f MiB" % (won, statistics.median(memory["won"]))))
    rows.append(("curl, the same 3 requests", "%.1f ms, %.1f MiB" % (curl, statistics.median(memory["curl"]))))
    rows.append(("ratio to curl (target ≤ 1.5×)", "%.2f×" % (won / curl)))
    if times["ansi"]:
        an = median_ms(times["ansi"])
        rows.append(("ansiweather -l London (1 request)", "%.1f ms, %.1f MiB" % (an, statistics.median(memory["ansi"]))))
        rows.append(("ansiweather ÷ weather-or-not (target ≥ 10×)", "%.1f×" % (an / won)))
    else:
        rows.append(("ansiweather", "not installed (apt-get install ansiweather)"))

    # 1b. The same over https, as OpenWeather is really reached: TLS handshakes and OpenSSL's set-up included.
    tls_server = Server(loopback, "https")
    tls_env = dict(env, OPENWEATHER_BASE_URL=tls_server.base, SSL_CERT_FILE=TLS_CERT)
    tls_curl = ["curl", "-sf", "--cacert", TLS_CERT] + sum(
        [["-o", "/dev/null", u.replace(server.base, tls_server.base)] for u in curl_urls], [])
    tls_times = {"won": [], "curl": []}
    try:
        for i in range(args.runs):
            empty_cache()
            tls_times["won"].append(timed([args.binary, "London"], tls_env))
            tls_times["curl"].append(timed(tls_curl, tls_env))
        won_tls, curl_tls = median_ms(tls_times["won"]), median_ms(tls_times["curl"])
        rows.append(("https: one-shot / curl, the same 3 requests (loopback TLS)",
                     "%.1f ms / %.1f ms = %.2f×" % (won_tls, curl_tls, won_tls / curl_tls)))
    except SystemExit:
        # Builds before the socket transport (libcurl) do not read SSL_CERT_FILE, so they cannot trust the test server.
        rows.append(("https: one-shot / curl (loopback TLS)", "not measured: the binary does not trust SSL_CERT_FILE"))

    # 2. A new search with 100 ms of server latency: parallel current + forecast means about 2 round trips, not 3.
    loopback.set_latency(0.1)
    slow = []
    for i in range(max(5, args.runs // 3)):
        home, env = fresh_home()
        slow.append(timed([args.binary, "Slowtown %d" % i], env))
    loopback.set_latency(0)
    rows.append(("new search with 100 ms per request: total ÷ 2 round trips (target ≤ 1.3)",
                 "%.2f (%.0f ms)" % (median_ms(slow) / 200, median_ms(slow))))

    # 2b. Each provider: a one-shot new search (cache emptied), its requests, and with 100 ms per request.
    for provider in ("openweather", "open-meteo", "met-norway"):
        quick, slow, counts = [], [], []
        for i in range(max(5, args.runs // 2)):
            home, env = fresh_home()
            server.reset()
            quick.append(timed([args.binary, "--provider", provider, "Place %d" % i], env))
            counts.append(server.total())
        loopback.set_latency(0.1)
        for i in range(max(5, args.runs // 3)):
            home, env = fresh_home()
            slow.append(timed([args.binary, "--provider", provider, "Far place %d" % i], env))
        loopback.set_latency(0)
        rows.append(("provider %s: one-shot new search (requests) / with 100 ms per request ÷ 2 round trips" % provider,
                     "%.1f ms (%d) / %.2f (%.0f ms)" % (median_ms(quick), statistics.median(counts),
                                                         median_ms(slow) / 200, median_ms(slow))))

    # 3. Interactive latency through a pseudo-terminal, and launch to first prompt.
    home, env = fresh_home()
    actions = {"new city": [], ":hourly": [], ":5day": [], ":units imperial": [], ":units metric": [], "recent city": []}
    requests = {k: 0 for k in actions}
    launch = []
    for i in range(max(5, args.runs // 2)):
        start = time.perf_counter()
        term = Terminal([args.binary], env)
        term.wait_prompt()
        launch.append(time.perf_counter() - start)
        for name, line in (("new city", "Newtown %d" % i), (":hourly", ":hourly"), (":5day", ":5day"),
                           (":units imperial", ":units imperial"), (":units metric", ":units metric"),
                           ("recent city", "Newtown 0" if i > 0 else "Newtown 0")):
            before = server.total()
            actions[name].append(term.run(line))
            requests[name] += server.total() - before
        term.close()
    runs = len(actions["new city"])
    for name, values in actions.items():
        rows.append(("prompt: %s, Enter to rendered (requests per time)" % name,
                     "%.1f ms (%.1f)" % (median_ms(values), requests[name] / runs)))
    rows.append(("launch to first prompt (resuming the last city, cache fresh)", "%.1f ms" % median_ms(launch)))

    # 4. API economy: the scripted session, then a relaunch within the freshness window.
    home, env = fresh_home()
    server.reset()
    timed([args.binary], env, b"Economy\n:hourly\n:5day\n:units imperial\n:hourly\nEconomy\n")
    session = server.total()
    server.reset()
    timed([args.binary], env, b":hourly\n")
    relaunch = server.total()
    rows.append(("requests: search, :hourly, :5day, :units imperial, :hourly, same search (target 3)", str(session)))
    rows.append(("requests: relaunch showing :hourly (target 0)", str(relaunch)))

    # 5. Start-up and memory.
    version = [timed([args.binary, "--version"], env) for _ in range(max(20, args.runs))]
    rows.append(("`--version`", "%.1f ms" % median_ms(version)))
    home, env = fresh_home()
    script = "".join("City number %d\n:hourly\n" % i for i in range(50)).encode()
    peak = peak_memory([args.binary], env, script)
    rows.append(("peak memory, a piped session of 50 searches (target < 40 MB)", "%.1f MiB" % peak))

    # 5b. Bytes on the wire for a new city (one-shot, cache empty), as real servers send them (gzip when asked)
    # and without compression (what a client that does not ask for gzip receives).
    sizes = {}
    for compressed, answering in ((True, server), (False, Server(loopback, "http_plain"))):
        home, env = fresh_home()
        env.update(OPENWEATHER_BASE_URL=answering.base, OPENMETEO_BASE_URL=answering.base, METNO_BASE_URL=answering.base)
        answering.reset()
        timed([args.binary, "Bytesville"], env)
        sizes[compressed] = answering.sent()
    rows.append(("bytes received for a new city (one-shot, 3 answers): gzip / without (target ≤ 30%)",
                 "%d B / %d B = %.0f%%" % (sizes[True], sizes[False], 100.0 * sizes[True] / sizes[False])))

    # 5c. Hostile answers: 16 MiB of `[{},{},…]` (about 4 GB and 12–17 s before the 1 MiB cap), the same as 16 KB of
    # gzip, and 1 MiB of it (the largest answer taken). Every run fails, as it should: peak memory and time to fail.
    for name, label in (("bomb", "16 MiB `[{},{},…]` answer"), ("bomb-gzip", "16 MiB `[{},{},…]` answer as %d KB of gzip"),
                        ("largest", "1 MiB `[{},{},…]` answer (the largest taken)")):
        size = loopback.set_hostile(name)
        label = label % (size // 1000) if "%d" in label else label
        home, env = fresh_home()
        start = time.perf_counter()
        peak = peak_memory([args.binary, "Bomb"], env, check=False)
        elapsed = time.perf_counter() - start
        loopback.set_hostile("none")
        rows.append(("peak memory, refusing a %s (target ≤ 64 MiB)" % label, "%.1f MiB in %.0f ms" % (peak, elapsed * 1000)))

    # 6. In-process decoding and formatting.
    bench_lines = []
    if os.path.exists(args.bench):
        out = subprocess.run([args.bench, FIXTURES, "1000"], capture_output=True, text=True).stdout
        bench_lines = [l for l in out.splitlines() if "µs" in l]
    for line in bench_lines:
        label, value = line.rsplit(None, 2)[0], " ".join(line.rsplit(None, 2)[1:])
        rows.append(("in-process: " + label.strip(), value))

    loopback.stop()
    shutil.rmtree(work, ignore_errors=True)
    print("| measure | median |")
    print("|---|---|")
    for label, value in rows:
        print("| %s | %s |" % (label, value))


if __name__ == "__main__":
    main()
