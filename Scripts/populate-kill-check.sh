#!/usr/bin/env bash
# Issue 37: a populate killed (SIGKILL: no clean-up) at five moments of a 200,000-contact run leaves
# no table behind once the next populate has run, and that next populate works.
# Usage: Scripts/populate-kill-check.sh POSTGRES_URL [SWITCHBOARD_BINARY]   (default .build/release/switchboard)
# Each round: a fresh schema with one account (the populate that drops and remakes indexes, with
# load tables on connections of their own), a populate of 200,000 killed after T seconds, then the
# tables in the schema listed, a populate of 1,000, and the tables listed again.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?"usage: Scripts/populate-kill-check.sh POSTGRES_URL [BINARY]"}
bin=${2:-.build/release/switchboard}
export SWITCHBOARD_PASSWORD_COST=1
status=0
# The tables a directory has (its migrations'), from a fresh schema with one account: what a
# killed populate must leave once the next has run.
reference="sb_kill_$$_reference"
psql -X -q "$base" -c "CREATE SCHEMA $reference" >/dev/null
home=$(mktemp -d /tmp/switchboard-kill.XXXXXX)
HOME=$home "$bin" --headless --db "$base?options=-c%20search_path%3D$reference%2Cpublic" \
    --keys 'wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms' >/dev/null
expected=$(psql -X -qAt "$base" -c "SELECT string_agg(tablename, ' ' ORDER BY tablename) FROM pg_tables WHERE schemaname = '$reference'")
psql -X -q "$base" -c "DROP SCHEMA $reference CASCADE" >/dev/null
rm -rf "$home"
case " $expected " in *" contacts "*) ;; *) echo "the reference directory has no contacts table: [$expected]"; exit 1;; esac
for t in 0.3 1 2 4 7; do
    schema="sb_kill_$$_${t/./_}"
    psql -X -q "$base" -c "CREATE SCHEMA $schema" >/dev/null
    url="$base?options=-c%20search_path%3D$schema%2Cpublic"
    home=$(mktemp -d /tmp/switchboard-kill.XXXXXX)
    HOME=$home "$bin" --headless --db "$url" --keys 'wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms' >/dev/null
    HOME=$home "$bin" populate --contacts 200000 --db "$url" >/dev/null 2>&1 &
    pid=$!
    sleep "$t"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    tables() { psql -X -qAt "$base" -c "SELECT string_agg(tablename, ' ' ORDER BY tablename) FROM pg_tables WHERE schemaname = '$schema'"; }
    left=$(tables)
    if HOME=$home "$bin" populate --contacts 1000 --db "$url" >/dev/null 2>"$home/err"; then next=ok; else next="failed: $(cat "$home/err")"; fi
    after=$(tables)
    count=$(psql -X -qAt "$base" -c "SELECT count(*) FROM $schema.contacts")
    echo "killed after ${t}s: tables left: [$left]; next populate: $next; then tables: [$after]; contacts: $count"
    [ "$next" = ok ] && [ "$after" = "$expected" ] || status=1
    psql -X -q "$base" -c "DROP SCHEMA $schema CASCADE" >/dev/null
    rm -rf "$home"
done
exit $status
