#!/usr/bin/env bash
# Create .venv and install fomc-qa with its dev extras (idempotent: skipped when pyproject.toml
# is unchanged since the last successful install). Sourced by demo.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.fomc-qa-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
# torch==2.13.0 is the CPU wheel on this project's machines; pyproject pins the same version.
# (pip's notes about local index folders that do not exist are noise; errors still fail the script.)
quiet_pip() { .venv/bin/python -m pip "$@" 2>&1 | { grep -v "^WARNING: Location" || true; }; }
install_with_pip() {
  quiet_pip install --quiet --upgrade pip
  quiet_pip install --quiet "torch==2.13.0" -e ".[dev]"
}
# uv installs the same packages in about a third of pip's time (README, "Measured figures"). It does not
# read pip's configuration, so pip's find-links, indexes, constraints and CA file are passed to it; and as
# pip does, it takes the best version over all of them ("unsafe-best-match"): that is how torch==2.13.0
# resolves to the CPU wheel beside PyPI's CUDA build. Bytecode is compiled at install (uv's default is not
# to), since PYTHONDONTWRITEBYTECODE may keep Python from caching it later. Without uv, pip does it all.
install_with_uv() {
  quiet_pip install --quiet uv && [ -x .venv/bin/uv ] || return 1
  local args=()
  mapfile -t args < <(.venv/bin/python - <<'PY'
import ast, subprocess, sys
listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True).stdout
flags = {"find-links": "--find-links", "extra-index-url": "--extra-index-url", "index-url": "--index-url",
         "constraint": "--constraint"}
seen = []
for line in listed.splitlines():
    key, _, value = line.partition("=")
    name = key.rsplit(".", 1)[-1]
    try:
        values = str(ast.literal_eval(value)).split()
    except (ValueError, SyntaxError):
        continue
    for v in values:
        if name in flags and (flags[name], v) not in seen:
            seen.append((flags[name], v))
        elif name == "cert" and ("cert", v) not in seen:
            seen.append(("cert", v))
for flag, v in seen:
    print(f"{flag}={v}")
PY
)
  local uv_args=() cert=""
  for a in "${args[@]}"; do
    case "$a" in cert=*) cert="${a#cert=}" ;; *) uv_args+=("$a") ;; esac
  done
  cert="${SSL_CERT_FILE:-$cert}"
  env ${cert:+SSL_CERT_FILE="$cert"} .venv/bin/uv pip install --quiet --python .venv/bin/python \
    --compile-bytecode --index-strategy unsafe-best-match "${uv_args[@]}" "torch==2.13.0" -e ".[dev]"
}
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  if [ "${FOMC_INSTALLER:-uv}" = pip ] || ! install_with_uv; then
    install_with_pip
  fi
  echo "$want" > "$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
export HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false DAGSTER_HOME="${DAGSTER_HOME:-$PWD/data/dagster_home}"
mkdir -p "$DAGSTER_HOME"
# The project's instance config (run queue, run monitoring); a dagster.yaml of your own is kept
# (the telemetry-only file earlier versions wrote is replaced).
cfg="$DAGSTER_HOME/dagster.yaml"
if [ ! -f "$cfg" ] || [ "$(cat "$cfg")" = "$(printf 'telemetry:\n  enabled: false')" ]; then
  cp deploy/dagster.yaml "$cfg.tmp" && mv "$cfg.tmp" "$cfg"
fi
# The Postgres test needs PostgreSQL 15 (Debian's postgresql-15); install it when missing and we may.
if [ ! -x /usr/lib/postgresql/15/bin/initdb ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
fi
