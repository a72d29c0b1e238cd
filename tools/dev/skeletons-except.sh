#!/bin/sh
# Prints the not-implemented definitions from com-method-skeletons.py, leaving out the methods
# named in $EXCEPT (space-separated), which the class implements by hand.
# usage: EXCEPT="A B" skeletons-except.sh CLASS HEADERS INTERFACE...
python3 "$(dirname "$0")/com-method-skeletons.py" "$@" | sed -n '/---- definitions/,$p' | sed 1,2d |
python3 -c '
import os, re, sys
skip = set(os.environ.get("EXCEPT", "").split())
for block in sys.stdin.read().split("\n\n"):
    m = re.search(r"::(\w+)\(", block)
    if block.strip() and m and m.group(1) not in skip:
        print(block.strip() + "\n")
'
