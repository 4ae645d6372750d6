#!/usr/bin/env bash
# Makes the speed peer's virtualenv (.venv-peer, ignored by git) with the Alexa SDK for Python,
# as ../shared/peers/ask_python_hello.py asks, then runs the benchmark beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-peer/bin/python ]; then
    python3 -m venv .venv-peer
    .venv-peer/bin/pip install -q ask-sdk-core==1.19.0
fi
swift run -c release skillhost-bench "$@"
