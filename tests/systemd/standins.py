"""Stand-ins for the system tools install.sh calls, put first on PATH by the tests.

Each logs its arguments to ``calls.log`` in its state directory and acts out just enough for the
installer to see the result on its next look: useradd, usermod and userdel edit the scratch
root's /etc/passwd and /etc/group (and refuse to touch this machine's, without ``--prefix``);
systemctl and raspi-config keep their state in files; dpkg-query says a package is installed
unless ``ASEB_TEST_MISSING`` names it; apt-get only logs.
"""

from __future__ import annotations

import sys
from pathlib import Path

COMMON = '''
import os, sys
from pathlib import Path
state = Path(os.environ["ASEB_TEST_STATE"])
args = sys.argv[1:]
with open(state / "calls.log", "a") as log:
    log.write(" ".join([Path(sys.argv[0]).name, *args]) + "\\n")

def prefix():
    if "--prefix" not in args:
        sys.exit("stand-in: refusing to change this machine's users without --prefix")
    i = args.index("--prefix")
    root = Path(args[i + 1])
    del args[i:i + 2]
    return root
'''

SCRIPTS = {
    "useradd": '''
root = prefix()
user = args[-1]
with open(root / "etc/passwd", "a") as f:
    f.write(f"{user}:x:999:999::/var/lib/{user}:/usr/sbin/nologin\\n")
with open(root / "etc/group", "a") as f:
    f.write(f"{user}:x:999:\\n")
''',
    "usermod": '''
root = prefix()
group, user = args[args.index("-G") + 1], args[-1]
path = root / "etc/group"
lines = []
for line in path.read_text().splitlines():
    fields = line.split(":")
    if fields[0] == group:
        members = [m for m in fields[3].split(",") if m]
        fields[3] = ",".join([*members, user])
    lines.append(":".join(fields))
path.write_text("\\n".join(lines) + "\\n")
''',
    "userdel": '''
root = prefix()
user = args[-1]
for name in ("passwd", "group"):
    path = root / "etc" / name
    kept = [l for l in path.read_text().splitlines() if not l.startswith(user + ":")]
    path.write_text("".join(l + "\\n" for l in kept))
''',
    "systemctl": '''
words = [a for a in args if not a.startswith("-")]
command = words[0] if words else ""
flag = {"is-enabled": "enabled", "is-active": "active"}.get(command)
if flag:
    sys.exit(0 if (state / flag).exists() else 1)
if command == "enable":
    (state / "enabled").touch()
elif command == "disable":
    (state / "enabled").unlink(missing_ok=True)
    if "--now" in args:
        (state / "active").unlink(missing_ok=True)
elif command in ("start", "restart"):
    (state / "active").touch()
''',
    "raspi-config": '''
_, command, *value = args
name = command.split("_", 1)[1]
if command.startswith("get_"):
    path = state / f"raspi-{name}"
    print(path.read_text() if path.exists() else "1")
else:
    (state / f"raspi-{name}").write_text(value[0])
''',
    "dpkg-query": '''
missing = os.environ.get("ASEB_TEST_MISSING", "").split()
sys.stdout.write("not-installed" if args[-1] in missing else "installed")
''',
    "apt-get": "",
}


def make_standins(bin_dir: Path, state: Path) -> None:
    """Write the stand-ins into ``bin_dir``, keeping their state in ``state``."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    state.mkdir(parents=True, exist_ok=True)
    (state / "calls.log").touch()
    for name, body in SCRIPTS.items():
        script = bin_dir / name
        script.write_text(f"#!{sys.executable}\n{COMMON}\n{body}")
        script.chmod(0o755)
