#!/usr/bin/env bash
# `skillhost serve` over loopback HTTP against its speed peer, the Alexa SDK for Python served by
# Flask under gunicorn (../shared/peers/ask_python_webservice.py, one worker per core), in one
# run on the same cores, each driven by wrk with the same request envelope:
#
#   1. the Alexa endpoint: POST /alexa/SKILL with a HelloWorldIntent envelope (skillhost with
#      --no-verify, the peer with no signature checks), requests/s and latency percentiles,
#      beside the same server's GET /healthz (the router's smallest route: the Alexa endpoint answers
#      before the router, AlexaFastPath);
#   2. the conversation API: one conversation, "hello" said over and over by one client (its turns
#      run one at a time), so a turn's latency is NLU, routing, the skill and storing the
#      conversation (the file store: one fsync'd document per turn);
#   3. the same conversation API turn with the conversation in PostgreSQL (a throw-away cluster),
#      when PostgreSQL is installed;
#   4. 200 conversations at once through scripts/cluster.py on PostgreSQL: one host, then three
#      behind nginx.
#
# A benchmark, never a test: it prints figures and ratios, and asserts nothing.
#   scripts/bench-serve.sh [SECONDS]        (10 per run by default)
# Needs wrk and python3 (scripts/install-system-packages.sh); makes .venv-peer-web (ignored by
# git) with flask, ask-sdk-core and gunicorn from PyPI once; builds skillhost in release.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
cores="$(nproc)"
peers="$(cd .. && pwd)/shared/peers"
[ -f "$peers/ask_python_webservice.py" ] || { echo "bench-serve: no peer at $peers (the peers are not in this repository)" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-serve: wrk is not installed (apt-get install wrk)" >&2; exit 2; }

if [ ! -x .venv-peer-web/bin/gunicorn ]; then
    python3 -m venv .venv-peer-web
    .venv-peer-web/bin/pip install -q flask ask-sdk-core==1.19.0 gunicorn
fi
swift build -c release --product skillhost 2>&1 | grep -E "error|Compiling|Build complete" | grep -v Compiling || true
for product in HelloWorld ListOMat NumberRace; do
    swift build -c release --product "$product" 2>&1 | grep -E "error:" || true
done
products="$(swift build -c release --show-bin-path)"

work="$(mktemp -d "${TMPDIR:-/tmp}/skillhost-bench-serve-XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
mkdir "$work/skills"
cp "$products/libHelloWorld.so" "$work/skills/"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() {
    for _ in $(seq 1 600); do
        python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 1)" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench-serve: nothing listens on $1" >&2
    exit 1
}
# wrk's summary as "requests/s p50 p99" (latencies in ms).
measure() {
    local out
    out="$(wrk --latency "$@")"
    python3 - "$out" <<'EOF'
import re, sys
text = sys.argv[1]
def ms(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{rps:.0f} {ms('50%'):.3f} {ms('99%'):.3f} {errors.group(1) if errors else 0}")
EOF
}
report() {  # name, "rps p50 p99 errors"
    read -r rps p50 p99 errors <<<"$2"
    printf '%-46s %9s req/s   p50 %8s ms   p99 %8s ms   non-2xx %s\n' "$1" "$rps" "$p50" "$p99" "$errors"
}

serve() {  # port, extra arguments…
    local port="$1"; shift
    SKILLHOST_CACHE_DIR="$work/cache" "$products/skillhost" serve --skills "$work/skills" --data "$work/data-$port" --no-watch \
        --port "$port" --server-log warning --no-verify "$@" 2>>"$work/serve.log" &
    pids+=($!)
    wait_port "$port"
}

echo "bench-serve: $cores cores, $seconds s per run, wrk -t2 -c16 (the conversation API: -t1 -c1)"

# 1. The Alexa endpoint.
port="$(free_port)"
serve "$port"
skillhost_alexa="$(measure -t2 -c16 -d"${seconds}s" -s "$peers/ask_python_webservice.lua" "http://127.0.0.1:$port/alexa/com.skillhost.examples.helloworld")"
report "skillhost serve, POST /alexa (HelloWorld)" "$skillhost_alexa"
# The same server answering its smallest route through the router (Hummingbird, the
# metrics middleware, the sockets, wrk on the same cores): what a request through the router costs.
report "skillhost serve, GET /healthz (via the router)" "$(measure -t2 -c16 -d"${seconds}s" "http://127.0.0.1:$port/healthz")"

peer_port="$(free_port)"
.venv-peer-web/bin/gunicorn -w "$cores" -b "127.0.0.1:$peer_port" --chdir "$peers" --log-level warning ask_python_webservice:app 2>>"$work/peer.log" &
pids+=($!)
wait_port "$peer_port"
peer_alexa="$(measure -t2 -c16 -d"${seconds}s" -s "$peers/ask_python_webservice.lua" "http://127.0.0.1:$peer_port/")"
report "ASK SDK for Python, Flask + gunicorn -w $cores" "$peer_alexa"
python3 -c "import sys; a, b = (float(x.split()[0]) for x in sys.argv[1:]); print(f'ratio: skillhost serves {a / b:.1f}x the peer\'s requests/s')" "$skillhost_alexa" "$peer_alexa"

# 2. and 3. The conversation API: one conversation, one client.
turns() {  # port → wrk figures for "hello" turns of one conversation
    local id
    id="$(python3 - "$1" <<'EOF'
import http.client, json, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
c.request("POST", "/v1/conversations", "{}", {"Content-Type": "application/json"})
conversation = json.loads(c.getresponse().read())["id"]
c.request("POST", f"/v1/conversations/{conversation}/turns", json.dumps({"text": "open hello world"}), {"Content-Type": "application/json"})
c.getresponse().read()
print(conversation)
EOF
)"
    cat > "$work/turn.lua" <<'EOF'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"text":"hello"}'
EOF
    measure -t1 -c1 -d"${seconds}s" -s "$work/turn.lua" "http://127.0.0.1:$1/v1/conversations/$id/turns"
}
report "conversation API turn, file store" "$(turns "$port")"

pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -n "$pg_bin" ]; then
    pg="$(mktemp -d /tmp/skillhost-bench-pg-XXXXXX)"
    run_as=()
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$pg"; run_as=(runuser -u postgres --); fi
    pg_port="$(free_port)"
    "${run_as[@]}" "$pg_bin/initdb" -D "$pg/data" -U skillhost --auth=trust -E UTF8 --no-sync --no-instructions >/dev/null
    "${run_as[@]}" "$pg_bin/pg_ctl" -D "$pg/data" -l "$pg/log" -w -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $pg" start >/dev/null
    trap '"${run_as[@]}" "$pg_bin/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$pg"; cleanup' EXIT
    db_port="$(free_port)"
    serve "$db_port" --database "postgres://skillhost@127.0.0.1:$pg_port/postgres"
    report "conversation API turn, PostgreSQL" "$(turns "$db_port")"
else
    echo "conversation API turn, PostgreSQL: skipped (PostgreSQL is not installed)"
fi

# 4. Many conversations at once on PostgreSQL, one host and three behind nginx: scripts/cluster.py
# (ListOMat and NumberRace conversations from Python client threads, nobody killed), its
# summary line. Its client is one Python process, so this shows how hosts share the load more
# than what they could take.
if [ -n "$pg_bin" ] && command -v nginx >/dev/null; then
    for hosts in 1 3; do
        summary="$(python3 scripts/cluster.py --products "$products" --hosts "$hosts" --conversations 200 --no-kill --no-database-restart 2>&1 | grep -E "turns answered|FAILED" || true)"
        echo "cluster, $hosts host(s): ${summary#cluster: }"
    done
else
    echo "cluster: skipped (needs PostgreSQL and nginx)"
fi
