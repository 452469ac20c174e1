#!/usr/bin/env bash
# Issue 36's re-import sizes, on the release build, timed: 8,000 updates (every second one
# renamed, in random order) into 30,000 contacts, and a 50,000-card file imported twice; each
# file in random order (as another program's export is; our own comes in list order and is
# appended) and, for comparison, in list order.
# Usage: Scripts/reimport-at-size.sh [SWITCHBOARD_BINARY]   (default .build/release/switchboard)
# Each import must exit 0; prints /usr/bin/time's wall, user, system and peak RSS for each.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/switchboard}
tmp=$(mktemp -d /tmp/switchboard-reimport.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export SWITCHBOARD_PASSWORD_COST=1

account() { # a data file with the account "ada"
    "$bin" --headless --db "$1" --keys 'wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms' >/dev/null
}
timed() { # label, then the command
    local label=$1; shift
    if /usr/bin/time -f "$label: %e s wall, %U s user, %S s sys, %M KiB" "$@" >"$tmp/out" 2>"$tmp/err"; then
        tail -1 "$tmp/err"; grep -m1 -E "imported|updated" "$tmp/out" || true
    else
        echo "$label: FAILED"; grep -v "^Command exited" "$tmp/err" | head -3; return 1
    fi
}

# The cards: 50,000 generated contacts exported as vCard 4.0 (UIDs given on export).
account "$tmp/source.sqlite3"
"$bin" populate --contacts 50000 --friends 10 --db "$tmp/source.sqlite3" >/dev/null
"$bin" export --db "$tmp/source.sqlite3" --output "$tmp/50k.vcf" >/dev/null 2>&1
python3 - "$tmp" <<'PY'
import random, re, sys
tmp = sys.argv[1]
cards = re.findall(r"BEGIN:VCARD\r?\n.*?END:VCARD\r?\n", open(f"{tmp}/50k.vcf", encoding="utf-8").read(), re.S)
rng = random.Random(36)
def write(name, items): open(f"{tmp}/{name}", "w", encoding="utf-8", newline="").write("".join(items))
write("30k-in-order.vcf", cards[:30000])
write("50k-in-order.vcf", cards)
shuffled = cards[:]
rng.shuffle(shuffled)
write("50k.vcf", shuffled)
first = set(cards[:30000])
write("30k.vcf", [c for c in shuffled if c in first])
picked = rng.sample(cards[:30000], 8000)
out = []
for i, c in enumerate(picked):
    if i % 2 == 0:
        c = re.sub(r"\r\nN:([^;\r\n]*);", "\r\nN:Renamed;", c, count=1)
        c = re.sub(r"\r\nFN:[^\r\n]*", lambda m: m.group(0) + " Renamed", c, count=1)
    out.append(c)
open(f"{tmp}/8k-updates.vcf", "w", encoding="utf-8", newline="").write("".join(out))
PY

status=0
for order in "" "-in-order"; do
    account "$tmp/a$order.sqlite3"
    timed "30,000 cards${order:+ (list order)} into a fresh file" "$bin" import "$tmp/30k$order.vcf" --db "$tmp/a$order.sqlite3" || status=1
    timed "8,000 updates (random order) into them" "$bin" import "$tmp/8k-updates.vcf" --db "$tmp/a$order.sqlite3" || status=1
    account "$tmp/b$order.sqlite3"
    timed "50,000 cards${order:+ (list order)} into a fresh file" "$bin" import "$tmp/50k$order.vcf" --db "$tmp/b$order.sqlite3" || status=1
    timed "the same 50,000 again" "$bin" import "$tmp/50k$order.vcf" --db "$tmp/b$order.sqlite3" || status=1
done
exit $status
