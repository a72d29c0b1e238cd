#!/usr/bin/env python3
"""Adds test selection to Wine's d3d11 test file: every test START_TEST queues or calls runs only
when the environment's D3D11_ONLY names it (all when unset); D3D11_LIST prints the names instead.
usage: select_tests.py d3d11.c OUT.c"""
import re
import sys

source = open(sys.argv[1]).read()
start = source.index('START_TEST(d3d11)')
head, body = source[:start], source[start:]
body = re.sub(r'queue_test\((test_\w+)\)', r'if (want("\1")) queue_test(\1)', body)
body = re.sub(r'(queue_for_each_\w+\()([^;]*?)(test_\w+)\);',
              lambda m: 'if (want("%s")) %s%s%s);' % (m.group(3), m.group(1), m.group(2), m.group(3)), body, flags=re.S)
body = re.sub(r'\n(\s+)(test_\w+)\(\);', r'\n\1if (want("\2")) \2();', body)
hook = '''
static int want(const char *name)
{
    const char *only = getenv("D3D11_ONLY");
    if (getenv("D3D11_LIST")) { printf("TEST %s\\n", name); return 0; }
    return !only || !strcmp(only, name);
}
'''
open(sys.argv[2], 'w').write(head + hook + body)
