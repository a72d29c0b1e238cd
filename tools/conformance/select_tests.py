#!/usr/bin/env python3
"""Adds test selection to one of Wine's test files: every test that START_TEST(ENTRY) queues, calls,
or hands to a run_on_* wrapper runs only when the environment's WINE_TEST_ONLY names it (all when
unset) and WINE_TEST_SKIP (comma-separated) does not name it; WINE_TEST_LIST prints the names
instead. A name handed to several wrappers (dxgi's run_on_d3d10 and run_on_d3d12) selects every
variant.
usage: select_tests.py TEST.c ENTRY OUT.c"""
import re
import sys

source = open(sys.argv[1]).read()
start = source.index('START_TEST(%s)' % sys.argv[2])
head, body = source[:start], source[start:]
body = re.sub(r'(queue_\w*test)\((test_\w+)\)', r'if (want("\2")) \1(\2)', body)  # queue_test, d2d1's queue_d3d10_test
body = re.sub(r'(queue_for_each_\w+\()([^;]*?)(test_\w+)\);',
              lambda m: 'if (want("%s")) %s%s%s);' % (m.group(3), m.group(1), m.group(2), m.group(3)), body, flags=re.S)
body = re.sub(r'\n(\s+)(run_on_\w+)\((test_\w+)\);', r'\n\1if (want("\3")) \2(\3);', body)
body = re.sub(r'\n(\s+)(test_\w+)\(\);', r'\n\1if (want("\2")) \2();', body)
hook = '''
static int want(const char *name)
{
    const char *only = getenv("WINE_TEST_ONLY"), *skipped = getenv("WINE_TEST_SKIP");
    size_t length = strlen(name);
    if (getenv("WINE_TEST_LIST")) { printf("TEST %s\\n", name); return 0; }
    for (; skipped && *skipped; skipped += strcspn(skipped, ",") + (skipped[strcspn(skipped, ",")] == ','))
        if (strcspn(skipped, ",") == length && !strncmp(skipped, name, length)) return 0;
    return !only || !strcmp(only, name);
}
'''
open(sys.argv[3], 'w').write(head + hook + body)
