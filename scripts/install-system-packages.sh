#!/usr/bin/env bash
# Installs the Debian packages skillhost needs, only where they are missing:
#   libffi-dev  host services are libffi closures (Runtime/CFFI)
#   gcc         tests compile C skill fixtures into real .so files
#   pkg-config  how SwiftPM and the scripts find libffi
#   postgresql  the tests start throw-away PostgreSQL clusters for `skillhost serve --database`
#               (its binaries only: no cluster of the package's own is used)
#   nginx-light the many-host test puts nginx in front of three hosts (scripts/cluster.sh),
#               started from a config of its own in a temp folder; the package's own service is
#               kept from starting at install
#   python3     scripts/cluster.py, the many-host load test (standard library only)
#   wrk         the HTTP load generator of scripts/bench-serve.sh
#   chromium, chromium-driver   the console's tests drive a real headless browser (WebDriver)
#   espeak-ng   speech out (--speak, --speak-to): libespeak-ng.so.1, loaded when asked for;
#               also the pronunciation of words the CMU dictionary lacks, for speech in
#   libpocketsphinx3, pocketsphinx-en-us   speech in (skillhost listen, replay --spoken):
#               libpocketsphinx.so.3 and libsphinxbase.so.3, loaded when asked for, and the
#               en-US acoustic model, dictionary and generic language model
#   sox         skillhost-voice-bench mixes noise into the sentences it speaks
#   python3-venv, python3-oscrypto   the remote-skill tests run skills written with the Alexa
#               SDK for Python (scripts/ask-python.sh makes its virtualenv from PyPI); Debian's
#               oscrypto reads OpenSSL 3's version, PyPI's 1.3.0 does not
set -euo pipefail
missing=()
dpkg -s libffi-dev >/dev/null 2>&1 || missing+=(libffi-dev)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
dpkg -s libpocketsphinx3 >/dev/null 2>&1 || missing+=(libpocketsphinx3)
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] || missing+=(pocketsphinx-en-us)
command -v sox >/dev/null 2>&1 || missing+=(sox)
dpkg -s python3-venv >/dev/null 2>&1 || missing+=(python3-venv)
dpkg -s python3-oscrypto >/dev/null 2>&1 || missing+=(python3-oscrypto)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    # No service is started by a package's install (nginx would take port 80): policy-rc.d
    # says no for the length of the install, and goes unless it was there before.
    policy=/usr/sbin/policy-rc.d
    made_policy=""
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' | $sudo_cmd tee "$policy" >/dev/null
        $sudo_cmd chmod 755 "$policy"
        made_policy=1
    fi
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" || status=$?
    [ -z "$made_policy" ] || $sudo_cmd rm -f "$policy"
    [ "${status:-0}" -eq 0 ] || exit "$status"
fi
