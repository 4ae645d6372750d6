#!/usr/bin/env python3
"""Many hosts on one database, under load, with a host killed and the database restarted.

Starts a throw-away PostgreSQL cluster, N `skillhost serve --database` hosts (each with its own
data folder, all with the same skills) and nginx round robin in front (deploy/nginx-cluster.conf),
all on loopback, in a temporary folder deleted at the end. Then runs C conversations at once
through nginx, every turn free to land on any host:

  - ListOMat: open, add three items of its own to one of ten shared lists, read the list back;
  - NumberRace: a whole game, the dialog asking for the target and six numbers one at a time.

Mid-run one host is killed with SIGKILL and started again, and the database is stopped and
started. A turn refused meanwhile (502 from nginx, 503 from a host, 409 while another turn of the
conversation is under way) is retried after its Retry-After; a turn whose answer was lost (the host died after
sending it on) is looked up in the conversation's transcript first, so nothing is said twice.

Afterwards it checks what a user would: every conversation finished with the right answers, and
every item added is on its list exactly once (read from the database with `skillhost storage`),
and no host crashed or failed to stop when asked (a host's crash report is printed).
Exits 0 when all holds, 1 otherwise, printing what was seen either way.

  scripts/cluster.py                       # 3 hosts, 200 conversations, the chaos on
  scripts/cluster.py --conversations 30 --no-kill --no-database-restart
Needs PostgreSQL and nginx (scripts/install-system-packages.sh) and a built skillhost with the
example skills (`swift build`); --products names the build folder (default .build/debug).
"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTS = ["amber harbor", "blue garden", "cedar cabin", "desert road", "ember kitchen",
         "frost lodge", "granite porch", "hazel attic", "ivory studio", "jade balcony"]
# Items none of whose words is one of ListOMat's listed values: the NLU still reads "fresh
# carrots" as the listed "carrots" alone (an open NLU bug, not this test's subject).
ADJECTIVES = ["red", "green", "yellow", "purple", "silver", "golden", "wooden", "velvet", "glass", "woolen",
              "spicy", "sweet", "salty", "frozen", "fresh", "dried", "smoked", "plastic", "cotton", "copper"]
NOUNS = ["kites", "pencils", "candles", "blankets", "peppers", "buttons", "lanterns", "saucers", "ribbons", "spoons",
         "mittens", "whistles", "bottles", "napkins", "pillows", "crackers", "brushes", "marbles", "sponges", "ladles"]
GAME = [25, 50, 75, 100, 3, 6]


def free_port():
    """A free port below the kernel's ephemeral range: the database and a host listen on theirs
    again after a restart, and a port from that range can meanwhile be taken as the local end of
    any outgoing connection (a host reconnecting to the stopped database, nginx to a host). Not
    drawn from the seeded generator, which decides the conversations."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as ranges:
            lowest = int(ranges.read().split()[0])
    except (OSError, ValueError, IndexError):
        lowest = 32768
    for _ in range(200):
        port = random.SystemRandom().randint(max(1024, lowest - 12000), lowest - 1)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SANITIZER_REPORTS = ["ERROR: AddressSanitizer", "WARNING: ThreadSanitizer"]
# What a host that crashed leaves on its standard error: Swift's backtracer, a fatal error.
CRASH_REPORTS = ["Program crashed:", "Fatal error:"]


class Cluster:
    """The servers, each started and stopped as a person would."""

    def __init__(self, args):
        self.args = args
        # Under /tmp itself: the postgres user must reach the cluster's folder.
        self.folder = tempfile.mkdtemp(prefix="skillhost-cluster-", dir="/tmp")
        os.chmod(self.folder, 0o755)
        self.hosts = []
        self.sanitizer_reports = []
        self.crashes = []
        self.start_times = []
        self.nginx_pid = None
        self.pg_bin = self.postgres_binaries()
        self.run_as = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        self.pg_port = free_port()
        self.url = f"postgres://skillhost@127.0.0.1:{self.pg_port}/postgres"
        self.skillhost = os.path.join(args.products, "skillhost")

    @staticmethod
    def postgres_binaries():
        versions = sorted((int(v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit()), reverse=True) \
            if os.path.isdir("/usr/lib/postgresql") else []
        for version in versions:
            folder = f"/usr/lib/postgresql/{version}/bin"
            if os.access(f"{folder}/initdb", os.X_OK):
                return folder
        sys.exit("cluster: no PostgreSQL under /usr/lib/postgresql (scripts/install-system-packages.sh installs it)")

    def pg(self, tool, *arguments):
        done = subprocess.run(self.run_as + [f"{self.pg_bin}/{tool}", *arguments], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True)
        if done.returncode != 0:
            # What the tool said, and the end of the server's own log, which says why it did not start.
            try:
                with open(f"{self.folder}/pg/log") as log:
                    server = log.read()[-1500:]
            except OSError:
                server = ""
            raise RuntimeError(f"{tool} {' '.join(arguments[-1:])} failed (exit {done.returncode}): "
                               f"{done.stdout.strip()[-1500:]}\nthe server's log ends:\n{server}")

    def start_database(self):
        data = f"{self.folder}/pg"
        if not os.path.exists(data):
            os.mkdir(data, 0o700)
            if self.run_as:
                shutil.chown(data, "postgres", "postgres")
            self.pg("initdb", "-D", data, "-U", "skillhost", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions")
        self.pg("pg_ctl", "-D", data, "-l", f"{data}/log", "-w", "-t", "60", "-o",
                f"-c listen_addresses=127.0.0.1 -p {self.pg_port} -k {data} -c fsync=off -c max_connections=200", "start")

    def stop_database(self):
        self.pg("pg_ctl", "-D", f"{self.folder}/pg", "-m", "fast", "-w", "stop")

    def start_host(self, index):
        if index >= len(self.hosts):
            self.hosts.append({"port": free_port(), "process": None})
        host = self.hosts[index]
        log = open(f"{self.folder}/host{index}.log", "a")
        environment = dict(os.environ, SKILLHOST_CACHE_DIR=f"{self.folder}/cache")
        host["process"] = subprocess.Popen(
            [self.skillhost, "serve", "--skills", f"{self.folder}/skills", "--data", f"{self.folder}/host{index}",
             "--no-watch", "--port", str(host["port"]), "--server-log", "warning", "--database", self.url,
             "--turn-deadline", str(self.args.turn_deadline)],
            stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL, env=environment)
        log.close()
        started = time.time()
        deadline = started + self.args.start_deadline
        while time.time() < deadline:
            if host["process"].poll() is not None:
                raise RuntimeError(f"host {index} exited at start:\n" + open(f"{self.folder}/host{index}.log").read())
            try:
                with socket.create_connection(("127.0.0.1", host["port"]), timeout=1):
                    self.start_times.append(time.time() - started)
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"host {index} did not start listening in {self.args.start_deadline:g} s; its log:\n"
                           + open(f"{self.folder}/host{index}.log").read()[-4000:])

    def kill_host(self, index):
        process = self.hosts[index]["process"]
        process.send_signal(signal.SIGKILL)
        process.wait()

    def start_nginx(self):
        run = f"{self.folder}/nginx"
        os.mkdir(run)
        self.nginx_port = free_port()
        servers = "\n".join(f"        server 127.0.0.1:{h['port']} max_fails=1 fail_timeout=2s;" for h in self.hosts)
        text = open(os.path.join(ROOT, "deploy/nginx-cluster.conf")).read()
        text = text.replace("@RUN@", run).replace("@SERVERS@", servers).replace("@PORT@", str(self.nginx_port))
        with open(f"{run}/nginx.conf", "w") as conf:
            conf.write(text)
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        subprocess.run([nginx, "-p", run, "-c", f"{run}/nginx.conf", "-e", f"{run}/error.log"], check=True)
        self.nginx_pid = int(open(f"{run}/nginx.pid").read())

    def start(self):
        os.mkdir(f"{self.folder}/skills")
        for name in ["HelloWorld", "ListOMat", "NumberRace"]:
            shutil.copy(os.path.join(self.args.products, f"lib{name}.so"), f"{self.folder}/skills/")
        self.start_database()
        # The first host trains and caches the models; the others read them.
        for index in range(self.args.hosts):
            self.start_host(index)
        self.start_nginx()

    def storage(self, *arguments):
        result = subprocess.run([self.skillhost, "storage", *arguments, "--database", self.url], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"skillhost storage {' '.join(arguments)}: {result.stderr}")
        return result.stdout

    def stop(self):
        if self.nginx_pid:
            try:
                os.kill(self.nginx_pid, signal.SIGQUIT)
                for _ in range(100):
                    os.kill(self.nginx_pid, 0)
                    time.sleep(0.05)
            except ProcessLookupError:
                pass
        stopped_badly = {}
        for index, host in enumerate(self.hosts):
            process = host["process"]
            if not process:
                continue
            if process.poll() is not None:
                stopped_badly[index] = f"exited by itself, status {process.returncode}, before the run ended"
                continue
            process.terminate()
            try:
                process.wait(timeout=20)
                if process.returncode != 0:
                    stopped_badly[index] = f"asked to stop, exited with status {process.returncode}"
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                stopped_badly[index] = "did not stop within 20 s of SIGTERM"
        if os.path.exists(f"{self.folder}/pg/postmaster.pid"):
            try:
                self.stop_database()
            except subprocess.CalledProcessError:
                pass
        # A sanitizer build's hosts report on their own standard error, which nobody else reads;
        # so does a host that crashed (its conversations went on on the others, through nginx).
        for index in range(len(self.hosts)):
            text = open(f"{self.folder}/host{index}.log", encoding="utf-8", errors="replace").read()
            at = min((text.find(m) for m in SANITIZER_REPORTS if m in text), default=-1)
            if at >= 0:
                self.sanitizer_reports.append(f"host {index}'s sanitizer reported:\n{text[at:at + 4000]}")
            crashed = min((text.find(m) for m in CRASH_REPORTS if m in text), default=-1)
            if crashed >= 0:
                # What it said before, then the thread that crashed (Swift's backtracer lists every thread).
                report = text[max(0, crashed - 1000):crashed + 200]
                thread = re.search(r"^Thread .* crashed:$", text[crashed:], re.MULTILINE)
                if thread:
                    report += "\n…\n" + text[crashed + thread.start():crashed + thread.start() + 6000]
                self.crashes.append(f"host {index} crashed:\n{report}")
            elif index in stopped_badly:
                self.crashes.append(f"host {index} {stopped_badly[index]}; the end of its log:\n{text[-3000:]}")
        shutil.rmtree(self.folder, ignore_errors=True)


class Client:
    """One conversation's turns through nginx, retried as the API asks."""

    def __init__(self, port, stats):
        self.port = port
        self.stats = stats

    def request(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=40)
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = response.read()
            return response.status, response.getheader("Retry-After"), data
        except (OSError, http.client.HTTPException) as error:
            return 0, None, str(error).encode()
        finally:
            connection.close()

    def start(self):
        deadline = time.time() + 120
        while time.time() < deadline:
            status, retry, data = self.request("POST", "/v1/conversations", {})
            self.stats.count(status)
            if status == 201:
                return json.loads(data)["id"]
            time.sleep(float(retry or 0.5))
        raise RuntimeError("no conversation could be started in 120 s")

    def turn(self, conversation, text, done):
        """Says `text` until it has been answered once; the answer's JSON."""
        path = f"/v1/conversations/{conversation}/turns"
        before = None
        deadline = time.time() + 120
        while time.time() < deadline:
            started = time.monotonic()
            status, retry, data = self.request("POST", path, {"text": text})
            self.stats.count(status)
            if status == 200:
                self.stats.latency(time.monotonic() - started)
                return json.loads(data)
            if status in (0, 502, 504):
                # Sent, and the answer lost: the turn may have been taken. The transcript says.
                self.stats.bump("lost answers looked up")
                turns = self.transcript(conversation)
                if turns is not None and len(turns) > done and turns[done].get("utterance") == text:
                    self.stats.bump("lost answers found taken")
                    return turns[done]
            elif status not in (409, 503):
                raise RuntimeError(f"'{text}' answered {status}: {data[:300]!r}")
            time.sleep(float(retry or 0.5))
        raise RuntimeError(f"'{text}' got no answer in 120 s")

    def transcript(self, conversation):
        for _ in range(240):
            status, retry, data = self.request("GET", f"/v1/conversations/{conversation}")
            if status == 200:
                return json.loads(data)["turns"]
            time.sleep(float(retry or 0.5))
        return None


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = {}
        self.counters = {}
        self.latencies = []
        self.turns = 0

    def count(self, status):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def bump(self, name):
        with self.lock:
            self.counters[name] = self.counters.get(name, 0) + 1

    def latency(self, seconds):
        with self.lock:
            self.latencies.append(seconds)
            self.turns += 1


def list_conversation(client, index, items):
    conversation = client.start()
    said = []

    def say(text, reading=False):
        # With the database away, the skill says its storage cannot be reached and that
        # nothing was changed: a person says it again. After any other storage failure they
        # say it again too: a read changes nothing, and an item added twice is on the list once
        # (a write sent as the database restarted may go unanswered, and then the host cannot
        # say whether it took effect; the check for doubled items below holds it to that).
        for _ in range(40):
            answer = client.turn(conversation, text, len(said))
            said.append(answer)
            speech = answer.get("speech") or ""
            away = "cannot be reached" in speech and "nothing was changed" in speech
            if away:
                client.stats.bump("said again: the database was away")
            elif "couldn't do that: storage:" in speech:
                client.stats.bump("said again: " + ("a read" if reading else "a write") + " failed")
            else:
                return answer
            time.sleep(0.5)
        raise RuntimeError(f"'{text}': the database stayed away: {speech!r}")

    say("open list o mat")
    name = LISTS[index % len(LISTS)]
    for item in items:
        answer = say(f"add {item} to the {name} list")
        if "I added" not in (answer.get("speech") or ""):
            raise RuntimeError(f"adding {item} to {name}: {answer.get('speech')!r}")
    answer = say(f"what is on the {name} list", reading=True)
    speech = answer.get("speech") or ""
    missing = [item for item in items if item not in speech]
    if missing:
        raise RuntimeError(f"the {name} list read back without {missing}: {speech!r}")
    client.turn(conversation, "stop", len(said))


def game_conversation(client, index):
    conversation = client.start()
    target = 101 + (index * 37) % 899
    lines = ["open number race", f"the target is {target}"] + [str(n) for n in GAME]
    answer = None
    for done, line in enumerate(lines):
        answer = client.turn(conversation, line, done)
        asks = (answer.get("asks") or {}).get("slot")
        if 2 <= done + 1 < len(lines) and asks != f"number{done}":
            raise RuntimeError(f"game {target}: after '{line}' it asks for {asks!r}: {answer.get('speech')!r}")
    speech = answer.get("speech") or ""
    # The solver's answer: the target reached, or the closest it could find.
    if "solution" not in speech or not (str(target) in speech or "away" in speech):
        raise RuntimeError(f"game {target}: no solution given: {speech!r}")
    client.turn(conversation, "stop", len(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hosts", type=int, default=3)
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--products", default=os.path.join(ROOT, ".build/debug"))
    parser.add_argument("--no-kill", action="store_true", help="do not kill a host mid-run")
    parser.add_argument("--no-database-restart", action="store_true", help="do not restart the database mid-run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-deadline", type=float, default=8,
                        help="the hosts' --turn-deadline in seconds (longer for a sanitizer build)")
    parser.add_argument("--start-deadline", type=float, default=180,
                        help="seconds a host may take to train its models and listen (longer for a sanitizer build)")
    args = parser.parse_args()
    random.seed(args.seed)

    cluster = Cluster(args)
    failures = []
    try:
        cluster.start()
        print(f"cluster: PostgreSQL on {cluster.pg_port}, hosts on {[h['port'] for h in cluster.hosts]}, nginx on {cluster.nginx_port}; "
              f"the hosts listened after {', '.join(f'{t:.1f}' for t in cluster.start_times)} s (the first trains the models)")
        stats = Stats()
        client = Client(cluster.nginx_port, stats)
        # The shared lists, made before the load.
        setup = client.start()
        for done, name in enumerate(["open list o mat"] + [f"create a list called {name}" for name in LISTS]):
            client.turn(setup, name, done)

        pairs = random.sample([f"{a} {n}" for a in ADJECTIVES for n in NOUNS], k=min(400, 3 * args.conversations))
        expected = {name: [] for name in LISTS}
        work = []
        for index in range(args.conversations):
            if index % 2 == 0:
                items = pairs[3 * (index // 2) % len(pairs):][:3]
                expected[LISTS[index % len(LISTS)]].extend(items)
                work.append(lambda index=index, items=items: list_conversation(client, index, items))
            else:
                work.append(lambda index=index: game_conversation(client, index))
        planned = sum(5 + 1 for i in range(args.conversations) if i % 2 == 0) + sum(9 for i in range(args.conversations) if i % 2 == 1)

        lock = threading.Lock()

        def run(job):
            try:
                job()
            except Exception as error:  # noqa: BLE001 - every failure is reported
                with lock:
                    failures.append(str(error))

        events = []

        def chaos():
            def wait_for(fraction):
                while stats.turns < planned * fraction and any(t.is_alive() for t in threads):
                    time.sleep(0.05)
            if not args.no_kill and args.hosts > 1:
                wait_for(0.3)
                cluster.kill_host(1)
                events.append(f"host 1 killed with SIGKILL after {stats.turns} turns")
                time.sleep(1)
                cluster.start_host(1)
                events.append(f"host 1 started again after {stats.turns} turns")
            if not args.no_database_restart:
                wait_for(0.6)
                cluster.stop_database()
                events.append(f"database stopped after {stats.turns} turns")
                time.sleep(2)
                cluster.start_database()
                events.append(f"database started again after {stats.turns} turns")

        started = time.time()
        threads = [threading.Thread(target=run, args=(job,)) for job in work]
        for thread in threads:
            thread.start()
        chaos_thread = threading.Thread(target=chaos)
        chaos_thread.start()
        for thread in threads:
            thread.join()
        chaos_thread.join()
        elapsed = time.time() - started

        # What is stored, read from the database as an app would.
        lists = json.loads(cluster.storage("get", "group.com.app-o-mat.ListOMat", "lists"))
        stored = {entry["name"].lower(): [item["name"] for item in entry["items"]] for entry in lists}
        lost = doubled = 0
        for name, items in expected.items():
            kept = stored.get(name, [])
            lost += len([item for item in items if item not in kept])
            doubled += len(kept) - len(set(kept))
            unexpected = set(kept) - set(items)
            if unexpected:
                failures.append(f"the {name} list has items nobody added: {sorted(unexpected)}")
        if lost or doubled:
            failures.append(f"list items lost: {lost}, doubled: {doubled}")

        latencies = sorted(stats.latencies)
        for event in events:
            print(f"cluster: {event}")
        print(f"cluster: {args.conversations} conversations, {stats.turns} turns answered in {elapsed:.1f} s "
              f"through nginx over {args.hosts} hosts; turn p50 {1000 * statistics.median(latencies):.1f} ms, "
              f"p99 {1000 * latencies[int(0.99 * (len(latencies) - 1))]:.1f} ms")
        print(f"cluster: HTTP statuses seen {dict(sorted(stats.statuses.items()))} (0 = no answer); {stats.counters or 'no lost answers'}")
        print(f"cluster: {sum(len(v) for v in expected.values())} list items added, {lost} lost, {doubled} doubled")
    except Exception as error:  # noqa: BLE001
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        cluster.stop()
    failures += cluster.sanitizer_reports + cluster.crashes
    for failure in failures[:20]:
        print(f"cluster: FAILED: {failure}")
    if failures:
        print(f"cluster: {len(failures)} failure(s)")
        sys.exit(1)
    print("cluster: every conversation finished; nothing lost or doubled")


if __name__ == "__main__":
    main()
