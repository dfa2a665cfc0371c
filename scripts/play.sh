#!/usr/bin/env bash
# Installs the program into a virtual environment (once) and starts the browser game.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
install_venv
exec .venv/bin/skat serve "$@"
