#!/usr/bin/env bash
# A real single-machine LAVA lab from Debian 12's packages (lava-server,
# lava-dispatcher 2023.01, PostgreSQL 15, gunicorn): a server with its
# database, scheduler and API, one worker on this machine with two
# qemu-gta04 devices, an admin user with a token, and a lavacli identity.
#
#   scripts/lab.sh start     bring it up (idempotent: what exists is kept)
#   scripts/lab.sh stop      stop every process of it (the state stays)
#   scripts/lab.sh status    which of its processes run; the devices
#   scripts/lab.sh lavacli ARGS...   lavacli with the lab's identity
#   scripts/lab.sh manage ARGS...    lava-server manage on the lab's settings
#   scripts/lab.sh worker-stop|worker-start   the worker alone (an offline worker)
#
# Root only (PostgreSQL runs as its own user; LAVA's dispatcher works in
# /var/lib/lava/dispatcher).  No service of the host is used or changed:
# the packages are installed (contrib/lava/lab-packages) and nothing else
# outside the lab's directory is written, except what the packages' own
# scripts write on installation.  The lab's state, all in $GTA04_CACHE/lab:
#   pg/            its own PostgreSQL cluster (owned by postgres; run in a
#                  private mount namespace that binds it to /run/gta04-lab-pg,
#                  since /root is not open to the postgres user), socket only
#   config/        lavacli.yaml (identity "gta04-lab"), admin-token, worker-token
#   dispatcher-config/{device-types,devices}/   the qemu-gta04 template (copied
#                  from contrib/lava/device-types at each start) and the two
#                  device dictionaries
#   devices/NAME/  each device's state directory (QMP socket, console.log)
#   media/         LAVA's job output;  worker/  the worker's job directories
#   log/           postgres, gunicorn, lava-scheduler, lava-worker, django
#   run/*.pid      the processes this script started
#   server.env     the settings, as environment variables (LAVA's prod
#                  settings read LAVA_SETTINGS_*, LAVA_YAML_SETTINGS_*)
# Knobs: GTA04_LAB_PORT (the API's port on 127.0.0.1, default 8043; the
# publisher's websocket and event stream take the next two).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

LAB="$GTA04_CACHE/lab"
PORT="${GTA04_LAB_PORT:-8043}"
URL="http://127.0.0.1:$PORT"
WS_PORT=$((PORT + 1)) EVENT_PORT=$((PORT + 2))
WORKER=gta04-lab
DEVICES="gta04-01 gta04-02"
PG_MNT=/run/gta04-lab-pg
IDENTITY=gta04-lab

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

# --- processes: each started by spawn, its pid in run/NAME.pid
pid_of() {   # NAME: the pid if that process runs (and is that process: a pid
             # file that outlived a reboot may name another one now)
    local f="$LAB/run/$1.pid" p
    [ -f "$f" ] || return 1
    p=$(cat "$f")
    [ -n "$p" ] && kill -0 "$p" 2>/dev/null &&
        tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q -- "$1" && echo "$p"
}
spawn() {    # NAME CMD...: CMD in a session of its own, output in log/NAME.out
    local name="$1"; shift
    setsid "$@" </dev/null >>"$LAB/log/$name.out" 2>&1 &
    echo $! >"$LAB/run/$name.pid"
}
stop_one() { # NAME SIGNAL: signal it, wait up to 60 s for it to end
    local name="$1" sig="$2" p i
    p=$(pid_of "$name") || { rm -f "$LAB/run/$name.pid"; return 0; }
    step "stopping $name ($p)"
    kill "-$sig" "$p" 2>/dev/null || true
    for i in $(seq 600); do
        kill -0 "$p" 2>/dev/null || break
        [ "$i" = 300 ] && kill -KILL "$p" 2>/dev/null
        sleep 0.1
    done
    kill -0 "$p" 2>/dev/null && die "$name ($p) did not stop"
    rm -f "$LAB/run/$name.pid"
}
wait_for() { # SECONDS WHAT CMD...: until CMD succeeds
    local secs="$1" what="$2" i; shift 2
    for i in $(seq $((secs * 5))); do
        "$@" >/dev/null 2>&1 && return 0
        sleep 0.2
    done
    die "$what not ready after $secs s (logs in $LAB/log)"
}

# --- PostgreSQL: a cluster of the lab's own
# PG_NS CMD...: CMD as postgres, with pg/ at $PG_MNT (a private mount namespace)
PG_NS=(unshare -m --propagation private sh -c 'mount --bind "$1" "$2" && shift 2 &&
        exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"' sh "$LAB/pg" "$PG_MNT")
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
psql_lab() { psql -X -q -h "$LAB/pg" -U postgres "$@"; }

pg_start() {
    if [ ! -f "$LAB/pg/PG_VERSION" ]; then
        step "initdb (PostgreSQL in $LAB/pg)"
        rm -rf "$LAB/pg"; mkdir -p "$LAB/pg"; chown postgres:postgres "$LAB/pg"; chmod 700 "$LAB/pg"
        mkdir -p "$PG_MNT"
        "${PG_NS[@]}" "$PG_BIN/initdb" -D "$PG_MNT" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
            >"$LAB/log/initdb.log" 2>&1 || die "initdb failed: $LAB/log/initdb.log"
    fi
    if ! pid_of postgres >/dev/null; then
        step "starting PostgreSQL"
        # a stale pid file of a postgres that died with the machine
        rm -f "$LAB/pg/postmaster.pid"
        mkdir -p "$PG_MNT"
        spawn postgres "${PG_NS[@]}" "$PG_BIN/postgres" -D "$PG_MNT" -c listen_addresses= \
            -c unix_socket_directories="$PG_MNT" -c logging_collector=off
    fi
    wait_for 60 PostgreSQL pg_isready -q -h "$LAB/pg"
    psql_lab -tc "SELECT 1 FROM pg_roles WHERE rolname='lavaserver'" | grep -q 1 ||
        psql_lab -c "CREATE ROLE lavaserver LOGIN"
    psql_lab -tc "SELECT 1 FROM pg_database WHERE datname='lavaserver'" | grep -q 1 ||
        psql_lab -c "CREATE DATABASE lavaserver OWNER lavaserver TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'"
}

# --- LAVA's settings for every lava-server process of the lab
write_env() {
    cat >"$LAB/server.env" <<EOF
# generated by scripts/lab.sh: LAVA's prod settings for the lab
export DJANGO_SETTINGS_MODULE=lava_server.settings.prod
export LAVA_YAML_SETTINGS_DATABASES='{default: {ENGINE: django.db.backends.postgresql, NAME: lavaserver, USER: lavaserver, HOST: "$LAB/pg"}}'
export LAVA_SETTINGS_DJANGO_LOGFILE='$LAB/log/django.log'
export LAVA_SETTINGS_DEVICES_PATH='$LAB/dispatcher-config/devices'
export LAVA_YAML_SETTINGS_DEVICE_TYPES_PATHS='["$LAB/dispatcher-config/device-types", /usr/share/lava-server/device-types]'
export LAVA_SETTINGS_HEALTH_CHECKS_PATH='$LAB/dispatcher-config/health-checks'
export LAVA_SETTINGS_MEDIA_ROOT='$LAB/media/'
export LAVA_SETTINGS_INSTANCE_NAME=gta04-lab
export ALLOWED_HOSTS=127.0.0.1,localhost
# events (job and device state changes) through lava-publisher, so that the
# scheduler and the worker act at once instead of at their next poll (20 s)
export LAVA_SETTINGS_EVENT_NOTIFICATION=1
export LAVA_SETTINGS_INTERNAL_EVENT_SOCKET='ipc://$LAB/run/events.ipc'
export LAVA_SETTINGS_EVENT_SOCKET='tcp://127.0.0.1:$EVENT_PORT'
EOF
}
manage() { (. "$LAB/server.env" && lava-server manage "$@"); }
lavacli_lab() { XDG_CONFIG_HOME="$LAB/config" lavacli -i "$IDENTITY" "$@"; }

device_dict() {   # NAME: the device dictionary (as devices/gta04-local.jinja2, per device)
    cat <<EOF
{# generated by scripts/lab.sh: device $1 of the lab, on worker $WORKER #}
{% extends 'qemu-gta04.jinja2' %}
{% set qemu_binary = '$QEMU' %}
{% set memory = 512 %}
{% set device_options = ['-rtc base=2026-01-01T00:00:00'] %}
{% set gta04_state_dir = '$LAB/devices/$1' %}
{% set gta04_stimuli = '$REPO/contrib/lava/gta04-stimuli' %}
{% set gta04_trace_events = '$LAB/trace-events' %}
EOF
}

start() {
    local t0 name tok
    t0=$(date +%s)
    [ "$(id -u)" -eq 0 ] || die "the lab runs as root (PostgreSQL as its own user, LAVA's dispatcher in /var/lib/lava)"
    HOST_PACKAGES="$REPO/contrib/lava/lab-packages" need_group lab-db lab
    # our QEMU: built by scripts/setup.sh (only when it is missing: an up-to-date
    # build is make build's business)
    [ -x "$QEMU" ] || "$REPO/scripts/setup.sh" >&2
    mkdir -p "$LAB"/{config,log,run,media,worker,dispatcher-config/{devices,device-types,health-checks}}
    for name in $DEVICES; do mkdir -p "$LAB/devices/$name"; done
    pg_start
    write_env
    cp "$REPO/contrib/lava/device-types/qemu-gta04.jinja2" "$LAB/dispatcher-config/device-types/"
    for name in $DEVICES; do device_dict "$name" >"$LAB/dispatcher-config/devices/$name.jinja2"; done
    # the trace events the timeline reads (gta04.timeline.EVENTS), one a line
    PYTHONPATH="$REPO/python" /usr/bin/python3 -c \
        'from gta04.timeline import EVENTS; print("\n".join(EVENTS))' >"$LAB/trace-events"
    # the database, the admin user, the worker, the device type and the
    # devices: LAVA's own management commands (lava-server manage), in one
    # Django process (each `lava-server manage` takes 3 s to start)
    step "lava-server manage: migrate, admin, worker $WORKER, device type qemu-gta04, devices"
    manage shell -c "$(cat <<PY
import io, sys
from django.core.management import call_command
from django.core.management.base import CommandError

def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()

def exists(*args):
    try:
        run(*args)
        return True
    except (CommandError, SystemExit):
        return False

run("migrate", "--noinput")
if not exists("users", "details", "admin"):
    run("users", "add", "admin", "--superuser", "--staff", "--email", "admin@localhost")
if not open("$LAB/config/admin-token", "a+").tell():
    open("$LAB/config/admin-token", "w").write(
        run("tokens", "add", "--user", "admin", "--description", "scripts/lab.sh").strip() + "\n")
if not exists("workers", "details", "$WORKER"):
    run("workers", "add", "$WORKER", "--description", "this machine (scripts/lab.sh)")
token = [l.split(":", 1)[1].strip() for l in run("workers", "details", "$WORKER").splitlines()
         if l.startswith("token")]
open("$LAB/config/worker-token", "w").write(token[0] + "\n")
if not exists("device-types", "details", "qemu-gta04"):
    run("device-types", "add", "qemu-gta04")
for name in "$DEVICES".split():
    if not exists("devices", "details", name):
        run("devices", "add", name, "--device-type", "qemu-gta04", "--worker", "$WORKER",
            "--description", "qemu-system-arm -M gta04 ($QEMU)")
    # Unknown health (Good without a health check): a device that an earlier
    # start left Bad comes back
    run("devices", "update", name, "--health", "UNKNOWN")
PY
)" >"$LAB/log/setup.log" 2>&1 || die "lava-server manage failed: $LAB/log/setup.log"
    [ -s "$LAB/config/worker-token" ] && [ -s "$LAB/config/admin-token" ] ||
        die "no token for the admin or worker $WORKER: $LAB/log/setup.log"
    # the dictionaries rendered as the server renders them, checked with the
    # schema its scheduler applies (a device that fails it is made Bad)
    /usr/bin/python3 - "$LAB/dispatcher-config" $DEVICES <<'PY' || die "a device dictionary is invalid (above)"
import sys, jinja2, yaml
from lava_common.schemas.device import validate
cfg = sys.argv[1]
env = jinja2.Environment(autoescape=False, trim_blocks=True, loader=jinja2.FileSystemLoader(
    [cfg + "/devices", cfg + "/device-types", "/usr/share/lava-server/device-types"]))
for name in sys.argv[2:]:
    validate(yaml.safe_load(env.get_template(name + ".jinja2").render()))
PY

    # the server's processes
    pid_of gunicorn >/dev/null || { step "starting gunicorn on $URL";
        spawn gunicorn sh -c ". '$LAB/server.env' && exec gunicorn3 lava_server.wsgi \
            --bind 127.0.0.1:$PORT --workers 2 --worker-class eventlet --timeout 60 \
            --log-level info --log-file '$LAB/log/gunicorn.log'"; }
    pid_of lava-publisher >/dev/null || { step "starting lava-publisher";
        spawn lava-publisher sh -c ". '$LAB/server.env' && exec lava-server manage lava-publisher \
            --user root --group root --host 127.0.0.1 --port $WS_PORT --level INFO --log-file '$LAB/log/lava-publisher.log'"; }
    pid_of lava-scheduler >/dev/null || { step "starting lava-scheduler";
        spawn lava-scheduler sh -c ". '$LAB/server.env' && exec lava-server manage lava-scheduler \
            --user root --group root --event-url tcp://127.0.0.1:$EVENT_PORT \
            --level INFO --log-file '$LAB/log/lava-scheduler.log'"; }
    wait_for 60 "the API ($URL)" curl -sf "$URL/api/v0.2/system/version/"
    # the lavacli identity
    tok=$(cat "$LAB/config/admin-token")
    XDG_CONFIG_HOME="$LAB/config" lavacli identities add --uri "$URL/RPC2" --username admin \
        --token "$tok" "$IDENTITY"
    worker_start
    wait_for 60 "worker $WORKER online" sh -c \
        "XDG_CONFIG_HOME='$LAB/config' lavacli -i $IDENTITY workers show $WORKER | grep -q 'state *: Online'"
    step "the lab is up in $(( $(date +%s) - t0 )) s: $URL, worker $WORKER, devices: $DEVICES"
    lavacli_lab devices list
    echo "lavacli: XDG_CONFIG_HOME=$LAB/config lavacli -i $IDENTITY ...  (or scripts/lab.sh lavacli ...)"
}

worker_start() {
    pid_of lava-worker >/dev/null && return 0
    step "starting lava-worker $WORKER"
    # LAVA's qemu boot action asks qemu-system-arm on the PATH of the job
    # (the server's env.yaml: /usr/bin) or Debian's package for a version; the
    # lab's packages include Debian's qemu-system-arm for that: the device
    # dictionary runs ours
    spawn lava-worker lava-worker --name "$WORKER" --url "$URL" --ws-url "http://127.0.0.1:$WS_PORT/ws/" \
        --worker-dir "$LAB/worker" \
        --token-file "$LAB/config/worker-token" --ping-interval 2 --job-log-interval 2 \
        --log-file "$LAB/log/lava-worker.log" --level INFO
}

stop() {
    local p wp jobs="" i
    # the worker first, and the jobs it runs: lava-run (its title is
    # "lava-run [job: N]") is a child of the worker, in a process group of
    # its own with QEMU and the rest of the job; the worker leaves them
    # running when it stops, so they are stopped here, group by group
    if wp=$(pid_of lava-worker); then jobs=$(pgrep -P "$wp" || true); fi
    stop_one lava-worker TERM
    for p in $jobs; do
        kill -0 "$p" 2>/dev/null || continue
        warn "stopping the job the worker ran: $(tr -s '\0 ' ' ' <"/proc/$p/cmdline") (process group $p)"
        kill -TERM -- "-$p" 2>/dev/null || true
        for i in $(seq 300); do
            pgrep -g "$p" >/dev/null || break
            [ "$i" = 150 ] && kill -KILL -- "-$p" 2>/dev/null
            sleep 0.1
        done
        ! pgrep -g "$p" >/dev/null || die "the job's process group $p did not stop"
    done
    stop_one lava-scheduler TERM
    stop_one lava-publisher TERM
    stop_one gunicorn TERM
    stop_one postgres INT
    step "the lab is stopped (state kept in $LAB)"
}

status() {
    local n p rc=0
    for n in postgres gunicorn lava-publisher lava-scheduler lava-worker; do
        if p=$(pid_of "$n"); then echo "$n: running ($p)"; else echo "$n: stopped"; rc=1; fi
    done
    [ "$rc" = 0 ] && lavacli_lab devices list
    return "$rc"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    lavacli) shift; lavacli_lab "$@" ;;
    manage) shift; manage "$@" ;;
    worker-stop) stop_one lava-worker TERM ;;
    worker-start) worker_start ;;
    -h|--help) usage ;;
    *) usage 2 >&2 ;;
esac
