#!/usr/bin/env bash
# Issue 36: every export of the corpus (Tests/InterchangeTests/Corpus, SOURCES.md) is read by
# python's vobject and by khard. Each file is imported into a fresh data file and exported as
# vCard 4.0 and 3.0; vobject must read every exported card (the cards of a file that imported,
# one for one), each with an FN; khard (when installed) must list every card of every export,
# all files' cards split one a file into one address book per version. Prints one line per file
# and export; exits 1 if either refused anything.
# Usage: Scripts/corpus-exports-vobject.sh [SWITCHBOARD_BINARY]   (default .build/release/switchboard)
# Needs: python3 with vobject (pip install vobject); khard is used when it is on PATH (pip install khard).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/switchboard}
python3 -c 'import vobject' 2>/dev/null || { echo "python3's vobject is not installed (pip install vobject)"; exit 2; }
tmp=$(mktemp -d /tmp/switchboard-corpus.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export SWITCHBOARD_PASSWORD_COST=1
"$bin" --headless --db "$tmp/template.sqlite3" \
    --keys 'wait:1s C-n wait:400ms "ada" Enter "analytical" Enter "analytical" Enter wait:400ms' >/dev/null
status=0
n=0
while IFS= read -r -d '' file; do
    n=$((n + 1))
    db="$tmp/$n.sqlite3"
    cp "$tmp/template.sqlite3" "$db"
    name=${file#Tests/InterchangeTests/Corpus/}
    summary=$("$bin" import "$file" --db "$db" 2>&1 | head -1) || true
    imported=$(sed -n 's/.*: imported \([0-9]*\), updated \([0-9]*\).*/\1/p' <<<"$summary")
    # Group cards are kept as they came and exported with the contacts.
    groups=$(sed -n 's/.*kept \([0-9]*\) group card.*/\1/p' <<<"$summary")
    imported=$(( ${imported:-0} + ${groups:-0} ))
    for format in vcard vcard3; do
        "$bin" export --format "$format" --db "$db" --output "$tmp/$n.$format.vcf" >/dev/null 2>&1 || true
        [ -f "$tmp/$n.$format.vcf" ] || { echo "$name $format: nothing exported"; [ "${imported:-0}" = 0 ] || status=1; continue; }
        if ! python3 - "$tmp/$n.$format.vcf" "${imported:-0}" "$name $format" "$file" <<'PY'
import sys, vobject
path, expected, label, source = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
text = open(path, encoding="utf-8").read()
try:
    cards = list(vobject.readComponents(text, validate=True))
except Exception as e:
    # A value the source has broken already (base64 of a wrong length) is passed on as it came:
    # that is the source's fault, told but not counted.
    try:
        list(vobject.readComponents(open(source, encoding="utf-8", errors="replace").read(), validate=True))
    except Exception as f:
        if str(e).split(":")[0] == str(f).split(":")[0]:
            print(f"{label}: vobject refused the export as it refuses the source: {e}")
            sys.exit(0)
    print(f"{label}: vobject refused the export: {e}")
    sys.exit(1)
# A card with nothing to name it by in the source (no FN, N, ORG, e-mail or phone) is exported with an
# empty FN, as RFC 6350 allows: not counted where the source file has no such name at all.
def named_in_source():
    for line in open(source, encoding="utf-8", errors="replace").read().replace("\r\n", "\n").split("\n"):
        name, _, value = line.partition(":")
        prop = name.split(";")[0].split(".")[-1].upper()
        if prop in ("FN", "N", "ORG", "EMAIL", "TEL") and value.replace(";", "").strip():
            return True
    return False
problems = [i for i, c in enumerate(cards) if (not hasattr(c, "fn") or not c.fn.value.strip()) and (not hasattr(c, "fn") or named_in_source())]
if len(cards) != expected or problems:
    print(f"{label}: vobject read {len(cards)} cards of {expected}; without FN: {problems}")
    sys.exit(1)
print(f"{label}: vobject read all {len(cards)}")
PY
        then status=1; fi
    done
done < <(find Tests/InterchangeTests/Corpus -type f \( -name '*.vcf' -o -name '*.ics' \) -print0 | sort -z)

if command -v khard >/dev/null; then
    for format in vcard vcard3; do
        book="$tmp/khard-$format"
        mkdir -p "$book"
        python3 - "$book" "$tmp"/*."$format".vcf <<'PY'
import sys, re
book, files = sys.argv[1], sys.argv[2:]
# khard shows one card per UID, and the projects' test files share some UIDs: one file per UID.
uids = set()
for f in files:
    for card in re.findall(r"BEGIN:VCARD\r\n.*?END:VCARD\r\n", open(f, encoding="utf-8", newline="").read(), re.S):
        uid = (re.search(r"\r\nUID:([^\r]*)", card) or re.search("", "")).group(1) if "\r\nUID:" in card else None
        if uid in uids: continue
        uids.add(uid)
        open(f"{book}/{len(uids)}.vcf", "w", encoding="utf-8", newline="").write(card)
open(f"{book}.count", "w").write(str(len(uids)))
PY
        printf '[addressbooks]\n[[corpus]]\npath = %s\n[general]\ndefault_action = list\n[vcard]\nskip_unparsable = no\n' "$book" > "$book.conf"
        expected=$(cat "$book.count")
        if listed=$(khard -c "$book.conf" list --parsable 2>"$book.err" | grep -c .); then :; else listed=0; fi
        if [ "$listed" -eq "$expected" ]; then
            echo "khard $format: listed all $expected cards"
        else
            echo "khard $format: listed $listed of $expected cards: $(head -3 "$book.err")"; status=1
        fi
    done
else
    echo "khard is not installed: not checked (pip install khard)"
fi
exit $status
