#!/usr/bin/env python3
"""Instructions a key costs, switchboard beside abook: the issue-15 key script (the friends popup
over 1,000 friends, 120x40) run under valgrind's callgrind, which counts every instruction the
program executes in user space. Unlike CPU seconds (read in 10 ms ticks, and moving ±15 % from run
to run on a shared machine), the count is the same on every run, so a change of a few percent shows.

    .ci/key-instructions [KEYS] [--cache]   # KEYS: how many keys of the script (default all 1,142)

With --cache, callgrind also simulates the caches and the branch predictor and prints, a key, the
first-level instruction and data cache misses (I1mr, D1mr, D1mw) and the mispredicted conditional
and indirect branches (Bcm, Bim): what the instruction count leaves out of the CPU time.

Each program runs twice, with no keys and with the keys; the difference over the keys is what a
key costs. Needs valgrind and abook (apt-get install valgrind abook); a few minutes.
"""
import os, pty, re, select, signal, sqlite3, struct, subprocess, sys, tempfile, time, fcntl, termios

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
app = os.path.join(root, ".build", "release", "switchboard")
down, up, pgdn, pgup, home, end = b"\x1bOB", b"\x1bOA", b"\x1b[6~", b"\x1b[5~", b"\x1bOH", b"\x1bOF"
script = [down] * 500 + [pgdn] * 20 + [end] + [up] * 100 + [pgup] * 20 + [home] + [down] * 500
simulate = "--cache" in sys.argv[1:]
numbers = [a for a in sys.argv[1:] if a != "--cache"]
count = int(numbers[0]) if numbers else len(script)
keys = script[:count]

subprocess.run(["swift", "build", "-c", "release", "--product", "switchboard"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
work = tempfile.mkdtemp(prefix="switchboard-key-instructions-")
env = dict(os.environ, HOME=work, TERM="xterm-256color", LANG="C.UTF-8")  # as a person's terminal has it
data = os.path.join(work, "f.sqlite3")
subprocess.run([app, "--headless", "--db", data, "--splash-ms", "0",
                "--keys", 'C-n "ada" Tab "password1" Tab "password1" C-s'], env=env, check=True, stdout=subprocess.DEVNULL)
subprocess.run([app, "populate", "--contacts", "1000", "--friends", "100", "--user", "ada", "--db", data],
               env=env, check=True, stdout=subprocess.DEVNULL)
names = [r[0] for r in sqlite3.connect(data).execute("SELECT first_name || ' ' || last_name FROM contacts ORDER BY sort_key, id")]
book = os.path.join(work, "addressbook")
with open(book, "w") as f:
    f.write("[format]\nprogram=abook\nversion=0.6.1\n\n")
    for i, name in enumerate(names):
        f.write(f"[{i}]\nname={name}\nemail=friend{i}@example.org\n\n")


def instructions(argv, ready, before, keys):
    """Runs argv under callgrind in a 120x40 pty: waits for `ready`, sends `before`, then each key
    after the answer to the one before; returns the instructions counted."""
    out = os.path.join(work, "callgrind.out")
    pid, fd = pty.fork()
    if pid == 0:
        sim = ["--cache-sim=yes", "--branch-sim=yes"] if simulate else []
        os.execvpe("valgrind", ["valgrind", "--tool=callgrind"] + sim + ["--callgrind-out-file=" + out] + argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen = b""

    def pump(seconds):
        nonlocal seen
        deadline = time.time() + seconds
        while time.time() < deadline:
            r, _, _ = select.select([fd], [], [], max(0, deadline - time.time()))
            if r:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    return

    def answered(key):
        os.write(fd, key)
        got = False
        while True:
            r, _, _ = select.select([fd], [], [], 2 if not got else 0.05)
            if not r:
                return
            os.read(fd, 65536)
            got = True

    deadline = time.time() + 180
    while ready not in seen and time.time() < deadline:
        pump(0.2)
    pump(1)
    for key in before:
        os.write(fd, key)
        pump(2)
    for key in keys:
        answered(key)
    pump(1)
    os.kill(pid, signal.SIGTERM)
    pump(2)
    os.waitpid(pid, 0)
    import shutil; shutil.copy(out, "/tmp/cg-%d.out" % len(keys)); text = open(out).read()
    names = re.search(r"^events: (.*)$", text, re.M).group(1).split()
    totals = re.search(r"^(?:summary|totals): (.*)$", text, re.M).group(1).split()
    return dict(zip(names, map(int, totals)))


results = {}
for label, argv, ready, before in [
    ("switchboard", [app, "--db", data, "--splash-ms", "0"], b"Signed in as", [b"F"]),
]:
    none = instructions(argv, ready, before, [])
    some = instructions(argv, ready, before, keys)
    results[label] = {event: (some[event] - none[event]) / len(keys) for event in some}
    print(f"{label}: {results[label]['Ir']:,.0f} instructions a key over {len(keys)} keys ({none['Ir']:,} without them, {some['Ir']:,} with)")
    if simulate:
        print(f"{label}, a key: " + ", ".join(f"{event} {results[label][event]:,.0f}" for event in ["I1mr", "D1mr", "D1mw", "Bcm", "Bim"]))

if simulate:
    print("switchboard / abook: " + ", ".join(f"{event} {results['switchboard'][event] / max(1, results['abook'][event]):.2f}x" for event in ["I1mr", "D1mr", "D1mw", "Bcm", "Bim"]))
pass
