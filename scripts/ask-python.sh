#!/usr/bin/env bash
# Makes .venv-ask (ignored by git): a Python with the Alexa Skills Kit SDK for Python and its
# Flask adapter and its S3 persistence adapter (with boto3) from PyPI, for the remote skills the
# tests run unchanged beside skillhost.
# Prints the Python to run them with. Safe to run from several processes at once.
#
# Debian's Python is used, with its python3-oscrypto (scripts/install-system-packages.sh):
# flask-ask-sdk needs oscrypto, and PyPI's oscrypto 1.3.0 cannot read OpenSSL 3.0.10's
# version and above ("Error detecting the version of libcrypto"); Debian's carries the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$PWD/.venv-ask"
python=/usr/bin/python3
[ -x "$python" ] || { echo "ask-python: Debian's python3 is missing (scripts/install-system-packages.sh)" >&2; exit 1; }
"$python" -c 'import oscrypto' 2>/dev/null || { echo "ask-python: python3-oscrypto is missing (scripts/install-system-packages.sh)" >&2; exit 1; }
exec 9>"$PWD/.venv-ask.lock"
flock 9
if ! "$venv/bin/python" -c 'import flask_ask_sdk.skill_adapter, ask_sdk_core, ask_sdk_s3.adapter' 2>/dev/null; then
    rm -rf "$venv"
    "$python" -m venv --system-site-packages "$venv" >&2
    "$venv/bin/pip" install -q --disable-pip-version-check flask-ask-sdk==1.0.0 ask-sdk-core==1.19.0 ask-sdk-s3-persistence-adapter==1.0.0 boto3==1.44.8 >&2
    "$venv/bin/python" -c 'import flask_ask_sdk.skill_adapter, ask_sdk_s3.adapter' >&2
fi
echo "$venv/bin/python"
