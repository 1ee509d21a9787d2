#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for tests (trust auth, no fsync: data is disposable).
#
#   scripts/pg-throwaway.sh start          prints the DATABASE_URL of a new cluster (logs on stderr)
#   scripts/pg-throwaway.sh stop [URL|DIR] stops a cluster and deletes its folder
#   scripts/pg-throwaway.sh run -- CMD...  starts one, runs CMD with DATABASE_URL set, stops it
#
# Typical use:
#   export DATABASE_URL="$(scripts/pg-throwaway.sh start)"; npm run test:unit; scripts/pg-throwaway.sh stop
#
# `stop` without an argument uses $DATABASE_URL; the cluster's folder is found from the URL's port.
# PG_THROWAWAY_DIR chooses the folder for `start` (default: a new mktemp -d folder under TMPDIR).
# PG_DATABASE names the database created (default console_test).
# Needs initdb/pg_ctl (Debian: apt-get install postgresql). As root, the server runs as the
# `postgres` user, or as a system user `pgci` created on the spot when there is none.
set -euo pipefail

DB_NAME="${PG_DATABASE:-console_test}"
REGISTRY="${TMPDIR:-/tmp}/pg-throwaway-ports"

log() { printf 'pg-throwaway: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

find_bindir() {
  local candidates=() c
  if c="$(command -v initdb 2>/dev/null)"; then candidates+=("$c"); fi
  # Newest major version first.
  while IFS= read -r c; do candidates+=("$c"); done < <(printf '%s\n' /usr/lib/postgresql/*/bin/initdb | sort -t/ -k5,5 -rn)
  candidates+=(/usr/local/bin/initdb /usr/local/pgsql/bin/initdb)
  for c in "${candidates[@]}"; do
    if [[ -x "$c" ]]; then
      # Resolve symlinks (/usr/local/bin/initdb -> /usr/lib/postgresql/15/bin/initdb): pg_ctl and
      # postgres must come from the same installation.
      c="$(readlink -f "$c")"
      if [[ -x "$(dirname "$c")/pg_ctl" ]]; then
        dirname "$c"
        return 0
      fi
    fi
  done
  return 1
}

# PostgreSQL refuses to run as root: pick the user the server runs as.
server_user() {
  if [[ $EUID -ne 0 ]]; then
    id -un
  elif id -u postgres >/dev/null 2>&1; then
    echo postgres
  else
    if ! id -u pgci >/dev/null 2>&1; then
      log "creating system user pgci to run the server"
      useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin pgci >&2
    fi
    echo pgci
  fi
}

as_user() {
  local user="$1"
  shift
  # cd /: the server user may not be allowed into the caller's working directory.
  if [[ $EUID -eq 0 && "$user" != root ]]; then
    (cd / && runuser -u "$user" -- "$@")
  else
    (cd / && "$@")
  fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port _
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! port_in_use "$port" && [[ ! -e "$REGISTRY/$port" ]]; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

cmd_start() {
  local bindir user dir port attempt
  bindir="$(find_bindir)" || die "no initdb found (looked on PATH, /usr/lib/postgresql/*/bin, /usr/local/bin). Install PostgreSQL: apt-get install -y postgresql"
  user="$(server_user)"

  if [[ -n "${PG_THROWAWAY_DIR:-}" ]]; then
    dir="$PG_THROWAWAY_DIR"
    mkdir -p "$dir"
    [[ -z "$(ls -A "$dir")" ]] || die "PG_THROWAWAY_DIR=$dir is not empty"
  else
    dir="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")"
  fi
  chmod 0755 "$dir"
  mkdir -p "$dir/data"
  chmod 0700 "$dir/data"
  [[ "$user" == "$(id -un)" ]] || chown -R "$user" "$dir"

  log "initdb ($bindir, as $user) in $dir/data"
  if ! as_user "$user" "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C \
    --no-sync --no-instructions >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed (folder kept: $dir)"
  fi

  for attempt in 1 2 3; do
    port="$(free_port)" || die "no free port found"
    # fsync off and friends: a test cluster never has to survive a crash.
    if as_user "$user" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k /tmp -h 127.0.0.1 -p $port -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >&2; then
      break
    fi
    log "start on port $port failed (attempt $attempt); server log:"
    tail -n 20 "$dir/server.log" >&2 || true
    port=""
  done
  [[ -n "$port" ]] || die "could not start the server (folder kept: $dir)"

  mkdir -p "$REGISTRY"
  printf '%s\n%s\n%s\n' "$dir" "$bindir" "$user" >"$REGISTRY/$port"
  printf '%s\n%s\n%s\n' "$port" "$bindir" "$user" >"$dir/cluster"

  if ! as_user "$user" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME" >&2; then
    cmd_stop "$dir"
    die "createdb $DB_NAME failed"
  fi
  log "running on 127.0.0.1:$port (folder $dir)"
  echo "postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

cmd_stop() {
  local target="${1:-${DATABASE_URL:-${PG_THROWAWAY_DIR:-}}}" dir port bindir user
  [[ -n "$target" ]] || die "stop: give the URL or folder of the cluster (or set DATABASE_URL)"
  if [[ -d "$target" ]]; then
    dir="$target"
  else
    port="$(sed -nE 's#^postgres(ql)?://[^/]*:([0-9]+)/.*$#\2#p' <<<"$target")"
    [[ -n "$port" && -f "$REGISTRY/$port" ]] || die "stop: no throwaway cluster known for '$target'"
    dir="$(sed -n 1p "$REGISTRY/$port")"
  fi
  [[ -f "$dir/cluster" ]] || die "stop: $dir is not a throwaway cluster folder"
  port="$(sed -n 1p "$dir/cluster")"
  bindir="$(sed -n 2p "$dir/cluster")"
  user="$(sed -n 3p "$dir/cluster")"
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_user "$user" "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >&2 || log "pg_ctl stop failed"
  fi
  rm -f "$REGISTRY/$port"
  rm -rf "$dir"
  log "stopped and removed $dir"
}

cmd_run() {
  [[ "${1:-}" == "--" ]] && shift
  [[ $# -gt 0 ]] || die "run: give a command, e.g. run -- npm run test:unit"
  local rc=0
  PG_THROWAWAY_URL="$(cmd_start)"
  trap 'cmd_stop "$PG_THROWAWAY_URL"' EXIT
  DATABASE_URL="$PG_THROWAWAY_URL" "$@" || rc=$?
  return "$rc"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) shift; cmd_stop "$@" ;;
  run) shift; cmd_run "$@" ;;
  *)
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
