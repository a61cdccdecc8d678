#!/usr/bin/env python3
"""Benchmarks weather-or-not in one run and prints the figures (medians) as a Markdown table.

Starts a loopback HTTP server with realistic OpenWeather answers (the project's fixtures), then measures:
one-shot runs against curl (the same three requests) and ansiweather; interactive latency through a
pseudo-terminal; in-process decoding and formatting; the API requests of a scripted session; the bytes a new
city costs, with and without gzip; start-up; peak memory, also for hostile answers. Nothing here asserts: it prints
what it measured. Usage:

    scripts/bench.sh [--runs N] [--binary PATH]
"""
import argparse, calendar, gzip, http.server, json, os, pty, re, select, shutil, socketserver, ssl, statistics, subprocess
import sys, tempfile, threading, time, urllib.parse, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
KEY = "bench-key"
TLS_CERT = os.path.join(FIXTURES, "tls", "localhost-cert.pem")
TLS_KEY = os.path.join(FIXTURES, "tls", "localhost-key.pem")


class Server:
    """OpenWeather on 127.0.0.1: each query geocodes to its own coordinates; weather and forecast are Testford's.
    As real servers do, a body goes gzip-compressed to a request that accepts gzip (unless `gzip` is turned off);
    `sent` counts the bytes of every answer (status line, headers, body). `override`, when set to (body, headers),
    is every answer's body instead, sent as it is (a hostile answer)."""

    def __init__(self, certificate=None):
        self.counts = {}
        self.sent = 0
        self.latency = 0.0
        self.gzip = True
        self.override = None
        self.lock = threading.Lock()
        current = open(os.path.join(FIXTURES, "current_testford.json"), "rb").read()
        forecast = open(os.path.join(FIXTURES, "forecast_testford.json"), "rb").read()
        meteo = open(os.path.join(FIXTURES, "openmeteo", "forecast_testford.json"), "rb").read()
        metno = shifted_to_now(open(os.path.join(FIXTURES, "metno", "compact_fjordby.json")).read()).encode()
        server = self

        class Counting:
            """The connection's writer, counting what is sent."""

            def __init__(self, out):
                self.out = out

            def write(self, data):
                with server.lock:
                    server.sent += len(data)
                return self.out.write(data)

            def __getattr__(self, name):
                return getattr(self.out, name)

        class Handler(http.server.BaseHTTPRequestHandler):
            def setup(self):
                super().setup()
                self.wfile = Counting(self.wfile)

            def do_GET(self):
                url = urllib.parse.urlparse(self.path)
                query = urllib.parse.parse_qs(url.query)
                with server.lock:
                    server.counts[url.path] = server.counts.get(url.path, 0) + 1
                if server.latency:
                    time.sleep(server.latency)
                if url.path == "/geo/1.0/direct":
                    name = query.get("q", [""])[0]
                    h = zlib.crc32(name.encode())
                    body = json.dumps([{"name": name.split(",")[0], "lat": (h % 17000) / 100 - 85,
                                        "lon": (h // 17000 % 35000) / 100 - 175, "country": "GB"}]).encode()
                elif url.path == "/v1/search":  # Open-Meteo's geocoding
                    name = query.get("name", [""])[0]
                    h = zlib.crc32(name.encode())
                    body = json.dumps({"results": [{"id": h, "name": name, "latitude": (h % 17000) / 100 - 85,
                                                    "longitude": (h // 17000 % 35000) / 100 - 175, "country_code": "GB",
                                                    "admin1": "England", "timezone": "Europe/London",
                                                    "population": 1000}]}).encode()
                elif url.path == "/v1/forecast":
                    body = meteo
                elif url.path == "/weatherapi/locationforecast/2.0/compact":
                    body = metno
                elif url.path == "/geo/1.0/reverse":
                    body = b"[]"
                elif url.path == "/data/2.5/weather":
                    body = current
                elif url.path == "/data/2.5/forecast":
                    body = forecast
                else:
                    self.send_error(404)
                    return
                headers = {"Content-Type": "application/json; charset=utf-8"}
                accepts = [e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").lower().split(",")]
                if server.override:
                    body, extra = server.override
                    headers.update(extra)
                elif server.gzip and "gzip" in accepts:
                    body = gzip.compress(body, compresslevel=6, mtime=0)  # nginx's and Apache's usual level
                    headers["Content-Encoding"] = "gzip"
                self.send_response(200)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # a client that refuses an answer too large hangs up before it is all sent

            def log_message(self, *args):
                pass

        class Threaded(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.httpd = Threaded(("127.0.0.1", 0), Handler)
        scheme = "http"
        if certificate:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(certificate[0], certificate[1])
            self.httpd.socket = context.wrap_socket(self.httpd.socket, server_side=True)
            scheme = "https"
        self.base = "%s://127.0.0.1:%d" % (scheme, self.httpd.server_address[1])
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def total(self):
        with self.lock:
            return sum(self.counts.values())

    def reset(self):
        with self.lock:
            self.counts.clear()
            self.sent = 0


def shifted_to_now(text):
    """MET Norway's forecast moved so that it starts at the present hour, as the real server's does."""
    stamps = re.findall(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", text)
    if not stamps:
        return text
    parse = lambda stamp: calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ"))
    shift = int(time.time()) // 3600 * 3600 - parse(stamps[1] if len(stamps) > 1 else stamps[0])
    return re.sub(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z",
                  lambda m: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(parse(m.group(0)) + shift)), text)


def environment(server, home):
    """Every provider on the loopback server: nothing the benchmark runs can reach a real network."""
    return {
        "HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TERM": "xterm",
        "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_STATE_HOME": os.path.join(home, "state"), "OPENWEATHER_API_KEY": KEY, "OPENWEATHER_BASE_URL": server.base,
        "OPENMETEO_BASE_URL": server.base, "METNO_BASE_URL": server.base,
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

    def run(self, line):
        self.buffer = b""
        start = time.perf_counter()
        os.write(self.fd, line.encode() + b"\r")
        while b"\n" not in self.buffer:  # the echo of the line, then the output, then the prompt
            ready, _, _ = select.select([self.fd], [], [], 5)
            if ready:
                self.buffer += os.read(self.fd, 65536)
        self.wait_prompt()
        return time.perf_counter() - start

    def close(self):
        os.write(self.fd, b":q\r")
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "weather-or-not"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "weather-bench"))
    args = parser.parse_args()
    server = Server()
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
    tls_server = Server((TLS_CERT, TLS_KEY))
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
    server.latency = 0.1
    slow = []
    for i in range(max(5, args.runs // 3)):
        home, env = fresh_home()
        slow.append(timed([args.binary, "Slowtown %d" % i], env))
    server.latency = 0.0
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
        server.latency = 0.1
        for i in range(max(5, args.runs // 3)):
            home, env = fresh_home()
            slow.append(timed([args.binary, "--provider", provider, "Far place %d" % i], env))
        server.latency = 0.0
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
    for compressed in (True, False):
        server.gzip = compressed
        home, env = fresh_home()
        server.reset()
        timed([args.binary, "Bytesville"], env)
        sizes[compressed] = server.sent
    server.gzip = True
    rows.append(("bytes received for a new city (one-shot, 3 answers): gzip / without (target ≤ 30%)",
                 "%d B / %d B = %.0f%%" % (sizes[True], sizes[False], 100.0 * sizes[True] / sizes[False])))

    # 5c. Hostile answers: 16 MiB of `[{},{},…]` (about 4 GB and 12–17 s before the 1 MiB cap), the same as 16 KB of
    # gzip, and 1 MiB of it (the largest answer taken). Every run fails, as it should: peak memory and time to fail.
    bomb = b"[" + b"{}," * ((16 * 2**20 - 4) // 3) + b"{}]"
    largest = b"[" + b"{}," * ((2**20 - 4) // 3) + b"{}]"
    for label, override in (("16 MiB `[{},{},…]` answer", (bomb, {})),
                            ("16 MiB `[{},{},…]` answer as %d KB of gzip" % (len(gzip.compress(bomb)) // 1000),
                             (gzip.compress(bomb), {"Content-Encoding": "gzip"})),
                            ("1 MiB `[{},{},…]` answer (the largest taken)", (largest, {}))):
        server.override = override
        home, env = fresh_home()
        start = time.perf_counter()
        peak = peak_memory([args.binary, "Bomb"], env, check=False)
        elapsed = time.perf_counter() - start
        server.override = None
        rows.append(("peak memory, refusing a %s (target ≤ 64 MiB)" % label, "%.1f MiB in %.0f ms" % (peak, elapsed * 1000)))

    # 6. In-process decoding and formatting.
    bench_lines = []
    if os.path.exists(args.bench):
        out = subprocess.run([args.bench, FIXTURES, "1000"], capture_output=True, text=True).stdout
        bench_lines = [l for l in out.splitlines() if "µs" in l]
    for line in bench_lines:
        label, value = line.rsplit(None, 2)[0], " ".join(line.rsplit(None, 2)[1:])
        rows.append(("in-process: " + label.strip(), value))

    shutil.rmtree(work, ignore_errors=True)
    print("| measure | median |")
    print("|---|---|")
    for label, value in rows:
        print("| %s | %s |" % (label, value))


if __name__ == "__main__":
    main()
